import type { StripeConfig } from '@pos/shared';
import type { Stripe } from '@stripe/stripe-js';
// The pure entry: the main one injects js.stripe.com's script on import, which must not happen
// where Stripe.js comes from another address (the payments sandbox locally).
import { loadStripe } from '@stripe/stripe-js/pure';

/** Said when the deployment configured no publishable key, or Stripe.js cannot be reached. */
export const STRIPE_NOT_CONFIGURED = 'Card payments are not configured for this dashboard.';
export const STRIPE_UNREACHABLE =
  'The secure card form could not be loaded. Please try again later.';

let scriptLoad: { src: string; promise: Promise<void> } | null = null;
const stripeLoads = new Map<string, Promise<Stripe>>();

/**
 * Adds `<script src={jsUrl}>` once and resolves when window.Stripe is there. Stripe.js is always
 * loaded from its own address (never bundled), as Stripe requires for PCI compliance.
 */
function injectStripeJs(jsUrl: string): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  if (scriptLoad?.src === jsUrl) return scriptLoad.promise;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = jsUrl;
    script.async = true;
    script.dataset.posStripeJs = '';
    script.addEventListener('load', () =>
      window.Stripe ? resolve() : reject(new Error(STRIPE_UNREACHABLE)),
    );
    script.addEventListener('error', () => {
      // A later attempt (e.g. after the network is back) adds a fresh tag.
      script.remove();
      scriptLoad = null;
      reject(new Error(STRIPE_UNREACHABLE));
    });
    document.head.appendChild(script);
  });
  scriptLoad = { src: jsUrl, promise };
  return promise;
}

/**
 * Stripe for the configured key: Stripe.js from `jsUrl` (https://js.stripe.com/v3 in
 * production, the payments sandbox's /v3/ locally), then @stripe/stripe-js's `loadStripe`, which
 * resolves to the already loaded window.Stripe. One instance per key, kept for the page's life.
 */
export function loadStripeJs({ jsUrl, publishableKey }: StripeConfig): Promise<Stripe> {
  if (!publishableKey || !jsUrl) return Promise.reject(new Error(STRIPE_NOT_CONFIGURED));
  const key = `${jsUrl} ${publishableKey}`;
  const known = stripeLoads.get(key);
  if (known) return known;
  const load = injectStripeJs(jsUrl)
    .then(() => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error(STRIPE_UNREACHABLE);
      return stripe;
    });
  stripeLoads.set(key, load);
  load.catch(() => stripeLoads.delete(key));
  return load;
}
