import { ErrorState, decodeToken } from '@pos/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AccountProvider } from '../account/AccountContext';
import { useAccountState } from '../account/useAccountState';
import { toViewer } from '../account/viewer';
import { StatusPage } from '../components/StatusPage';
import { federationRuntime, type FederationRuntime } from '../remotes/federationRuntime';
import { RemoteRegistry } from '../remotes/RemoteRegistry';
import { RemotesProvider } from '../remotes/RemotesContext';
import { testIds } from '../testIds';
import { paths } from '../urls';
import { useShell } from './ShellContext';
import { SignedInLayout } from './SignedInLayout';
import { SignedInRoutes } from './SignedInRoutes';
import { useSessionToken } from './useSessionToken';

/** Spec 4: a banned account is sent to /deactivated once each time the ban is detected. */
function useBanRedirect(isBanned: boolean | null): void {
  const navigate = useNavigate();
  const wasBanned = useRef(false);
  useEffect(() => {
    if (isBanned == null) return;
    if (isBanned && !wasBanned.current) navigate(paths.deactivated);
    wasBanned.current = isBanned;
  }, [isBanned, navigate]);
}

/**
 * The signed-in shell (its own chunk): loads the account and the remotes' contracts in
 * parallel, then shows the layout and routes. A loading state covers the account load.
 */
export default function SignedInApp({
  runtime = federationRuntime,
}: {
  runtime?: FederationRuntime;
}) {
  const { remotes } = useShell();
  const [registry] = useState(() => new RemoteRegistry(remotes, runtime));
  const { load, retry } = useAccountState();
  const token = useSessionToken();
  const account = load.status === 'ready' ? load.account : null;
  const viewer = useMemo(
    () => (account ? toViewer(account, decodeToken(token)) : null),
    [account, token],
  );

  useEffect(() => {
    void registry.loadAll();
  }, [registry]);

  useBanRedirect(account ? account.isBanned : null);

  if (load.status === 'failed') {
    return (
      <main className="shell-status-page" data-testid={testIds.app.accountError}>
        <h1 className="pos-visually-hidden">Your account could not be loaded</h1>
        <ErrorState
          title="Your account could not be loaded"
          message={load.message}
          onRetry={retry}
        />
      </main>
    );
  }
  if (!account || !viewer)
    return <StatusPage heading="Loading your dashboard" message="Loading…" />;

  return (
    <AccountProvider value={{ account, viewer }}>
      <RemotesProvider value={registry}>
        <SignedInLayout>
          <SignedInRoutes />
        </SignedInLayout>
      </RemotesProvider>
    </AccountProvider>
  );
}
