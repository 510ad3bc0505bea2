import { ErrorState, createApiClient, decodeToken } from '@pos/shared';
import type { AxiosInstance } from 'axios';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from '@pos/shared/router';
import { AccountProvider } from '../account/AccountContext';
import { ApiProvider } from '../account/ApiContext';
import { useAccountState } from '../account/useAccountState';
import { useDangerBubbleLog } from '../account/useDangerBubbleLog';
import { useLiveStream } from '../account/liveStream';
import { toViewer } from '../account/viewer';
import { StatusPage } from '../components/StatusPage';
import { useDropFirstPaint } from '../firstPaint/takeover';
import { federationRuntime, type FederationRuntime } from '../remotes/federationRuntime';
import { RemoteRegistry } from '../remotes/RemoteRegistry';
import { beaconReporter, chooseReleases, type ReleaseReporter } from '../remotes/releases';
import { RemotesProvider } from '../remotes/RemotesContext';
import { testIds } from '../testIds';
import { paths } from '../urls';
import { useShell } from './ShellContext';
import { SignedInLayout } from './SignedInLayout';
import { SignedInRoutes } from './SignedInRoutes';
import { useSessionToken } from './useSessionToken';

/** navigator.sendBeacon, where the browser has it. */
const browserBeacon = () =>
  typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    ? (url: string, body: string) => navigator.sendBeacon(url, body)
    : undefined;

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

/** Lets the top of the shell follow this router, e.g. to handle /logout once it is reached. */
function useLocationBridge(): void {
  const { browser } = useShell();
  const location = useLocation();
  useEffect(() => {
    browser.announceLocation();
  }, [browser, location]);
}

/** The signed-in shell inside the router: account, remotes, layout and routes. */
export function SignedInShell({
  runtime = federationRuntime,
  apiClient,
  reporter,
}: {
  runtime?: FederationRuntime;
  /** Tests pass a stand-in for the release beacon; the browser sends navigator.sendBeacon. */
  reporter?: ReleaseReporter;
  /** Tests pass a stand-in; the browser gets the real client. */
  apiClient?: AxiosInstance;
}) {
  const { remotes, session, bus } = useShell();
  const [api] = useState(() => apiClient ?? createApiClient(session, bus));
  const token = useSessionToken();
  // Each remote's release for this user, chosen once: a browser keeps what it loaded until its
  // next start, and a canary user keeps the canary (issue 31).
  const [registry] = useState(
    () =>
      new RemoteRegistry(
        chooseReleases(remotes, decodeToken(token)?.sub ?? null),
        runtime,
        {},
        reporter ?? beaconReporter(browserBeacon()),
      ),
  );
  useLocationBridge();
  useDangerBubbleLog(api);

  return (
    <ApiProvider value={api}>
      <RemotesProvider value={registry}>
        <AccountGate token={token} api={api} registry={registry} />
      </RemotesProvider>
    </ApiProvider>
  );
}

/**
 * Loads the account (a loading state until then) and shows the layout. The remotes' contracts
 * load once the layout with the account has been shown: their scripts would otherwise take the
 * main thread while the account arrives and hold back the page's first real paint (its header
 * and greeting), which needs the account only.
 */
function AccountGate({
  token,
  api,
  registry,
}: {
  token: string | null;
  api: AxiosInstance;
  registry: RemoteRegistry;
}) {
  const { load, retry } = useAccountState();
  const account = load.status === 'ready' ? load.account : null;
  // The server's first paint (the frame and greeting) gives way as the layout or the error shows.
  useDropFirstPaint(load.status !== 'loading');
  useEffect(() => {
    if (account) void registry.loadAll();
  }, [account, registry]);
  const viewer = useMemo(
    () => (account ? toViewer(account, decodeToken(token)) : null),
    [account, token],
  );
  const isBanned = account ? account.isBanned : null;
  useBanRedirect(isBanned);
  // Orders and feed entries pushed by the api, as bus events for the tiles and feeds; not for a
  // banned account (the api refuses its ticket), again once the ban is lifted (ban-changed).
  useLiveStream(api, isBanned);

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
      <SignedInLayout>
        <SignedInRoutes />
      </SignedInLayout>
    </AccountProvider>
  );
}

/**
 * The signed-in shell (its own chunk): the one router of the page, shared with the remotes,
 * the account, then the remotes' contracts, the layout and the routes.
 */
export default function SignedInApp() {
  return (
    <BrowserRouter>
      <SignedInShell />
    </BrowserRouter>
  );
}
