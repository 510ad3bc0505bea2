import { decodeToken, isLoggedIn } from '@pos/shared/lean';
import { useEffect, useState } from 'react';
import type { InitialCheckResult } from '../session/SessionManager';
import { useSessionToken } from './useSessionToken';

/** Where the visitor stands: waiting for the start-up check, signed in or signed out. */
export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';

/**
 * Spec 2.2: a loading state while the initial auth check runs (only when a logged-in token is
 * stored — otherwise there is nothing to wait for); then signed in while the token is logged in.
 */
export function useAuthStatus(initialCheck: Promise<InitialCheckResult>): AuthStatus {
  const [result, setResult] = useState<InitialCheckResult | null>(null);
  const token = useSessionToken();

  useEffect(() => {
    let live = true;
    void initialCheck.then((value) => {
      if (live) setResult(value);
    });
    return () => {
      live = false;
    };
  }, [initialCheck]);

  const loggedIn = isLoggedIn(decodeToken(token));
  // The browser is on its way to the provider's sign-in page: keep waiting.
  if (result === 'redirected') return 'checking';
  if (result === null && loggedIn) return 'checking';
  return loggedIn ? 'signed-in' : 'signed-out';
}
