import { lazy, Suspense } from 'react';
import { StatusPage } from '../components/StatusPage';
import type { InitialCheckResult } from '../session/SessionManager';
import { SignedOutRoutes } from './SignedOutRoutes';
import { useAuthStatus } from './useAuthStatus';

// The signed-in shell is its own chunk: the landing page does not pay for it.
const SignedInApp = lazy(() => import('./SignedInApp'));

const loading = <StatusPage heading="Loading Cloud POS" message="Loading…" />;

/** Chooses between the signed-out pages and the signed-in shell. */
export function AuthGate({ initialCheck }: { initialCheck: Promise<InitialCheckResult> }) {
  const status = useAuthStatus(initialCheck);
  if (status === 'checking') return loading;
  if (status === 'signed-out') return <SignedOutRoutes />;
  return (
    <Suspense fallback={loading}>
      <SignedInApp />
    </Suspense>
  );
}
