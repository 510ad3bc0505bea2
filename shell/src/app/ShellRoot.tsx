import { lazy, memo, Suspense, useEffect } from 'react';
import { StatusPage } from '../components/StatusPage';
import { useDropFirstPaint } from '../firstPaint/takeover';
import type { InitialCheckResult } from '../session/SessionManager';
import { isSessionPath } from '../urls';
import { SessionRoute } from '../views/session';
import { useAuthStatus } from './useAuthStatus';
import { useBrowserLocation } from './useBrowserLocation';

// The signed-in shell is its own chunk, with the router and the UI kit: the landing page does
// not pay for it.
const loadSignedInApp = () => import(/* webpackChunkName: "signed-in" */ './SignedInApp');
const SignedInApp = memo(lazy(loadSignedInApp));
// And the signed-out pages (the landing page's art and styles) are one too: the signed-in shell
// does not pay for them.
const SignedOutPages = lazy(() =>
  import(/* webpackChunkName: "signed-out" */ './SignedOutPages').then((module) => ({
    default: module.SignedOutPages,
  })),
);

const loading = <StatusPage heading="Loading Cloud POS" message="Loading…" />;

/**
 * The top of the shell: the session routes of spec 2.1 first (signed in or out), then a
 * loading state during the start-up check, the signed-out pages, or the signed-in shell.
 */
export function ShellRoot({ initialCheck }: { initialCheck: Promise<InitialCheckResult> }) {
  const location = useBrowserLocation();
  const status = useAuthStatus(initialCheck);
  // A stored token that is still logged in is being checked with the provider: fetch the
  // signed-in shell meanwhile instead of after the answer (the lazy component takes the same
  // chunk; a failed fetch is tried again when it renders).
  useEffect(() => {
    if (status === 'checking') loadSignedInApp().catch(() => undefined);
  }, [status]);
  // The server's first paint of a signed-in page stays until the account is shown (AccountGate);
  // anything else takes its place at once.
  useDropFirstPaint(status === 'signed-out' || isSessionPath(location.pathname));
  if (isSessionPath(location.pathname)) return <SessionRoute pathname={location.pathname} />;
  if (status === 'checking') return loading;
  if (status === 'signed-out') {
    return (
      <Suspense fallback={loading}>
        <SignedOutPages location={location} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={loading}>
      <SignedInApp />
    </Suspense>
  );
}
