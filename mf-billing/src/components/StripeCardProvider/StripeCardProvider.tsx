import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorState, LoadingState, apiErrorMessage, useParcel } from '@pos/shared';
import { loadStripeJs } from '../../stripe/loadStripeJs';
import { LOADING_STRIPE } from '../../texts';

type StripeLoad =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe }
  | { status: 'error'; message: string };

/**
 * Stripe's Elements around card entry: Stripe.js from the shell's configured address and key
 * (parcel prop `stripe`), loaded once for the page. The card's number is typed into Stripe's own
 * frame and never reaches this page or the api.
 */
export function StripeCardProvider({ children }: { children: ReactNode }) {
  const { stripe: config } = useParcel();
  const [load, setLoad] = useState<StripeLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    loadStripeJs(config).then(
      (stripe) => current && setLoad({ status: 'ready', stripe }),
      (error: unknown) => current && setLoad({ status: 'error', message: apiErrorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [config, attempt]);

  if (load.status === 'loading') return <LoadingState message={LOADING_STRIPE} />;
  if (load.status === 'error') {
    return <ErrorState message={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return <Elements stripe={load.stripe}>{children}</Elements>;
}
