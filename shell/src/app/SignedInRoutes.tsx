import { LoadingState, canAccess } from '@pos/shared';
import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from '@pos/shared/router';
import { useAccount } from '../account/AccountContext';
import { SlotError } from '../components/ErrorBoundary';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRemoteStates } from '../remotes/RemotesContext';
import { planRedirect, routeBase, servesSubscriptionPlans } from '../routing/guards';
import { testIds } from '../testIds';
import { paths, sessionPaths } from '../urls';
import { useShell } from './ShellContext';
import { DashboardPage } from '../views/Dashboard';
import { PendingRemotePage, RemoteRoutePage } from '../views/RemotePage';

// The shell's pages a dashboard visit does not show come as chunks of their own.
const ResourcesPage = lazy(() =>
  import('../views/Resources').then((m) => ({ default: m.ResourcesPage })),
);
const DeactivatedPage = lazy(() =>
  import('../views/Deactivated').then((m) => ({ default: m.DeactivatedPage })),
);
const AccessDeniedPage = lazy(() =>
  import('../views/AccessDenied').then((m) => ({ default: m.AccessDeniedPage })),
);

/** What a page shows while it, or the contract that may serve it, is on its way. */
function PageLoading() {
  return (
    <>
      <h1 className="pos-visually-hidden">Loading</h1>
      <LoadingState message="Loading…" />
    </>
  );
}

function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** While a contract is still loading, an unknown path may yet be one of its routes. */
function UnknownPath({ waiting }: { waiting: boolean }) {
  if (!waiting) return <Navigate to={paths.dashboard} replace />;
  return <PageLoading />;
}

/**
 * /subscription-plans when no remote serves it (remotes.json names none): the no-plan redirect
 * must still end on a page, so the page says My Plan is unavailable, and Try again reloads the
 * page to read remotes.json afresh.
 */
function PlansUnavailablePage() {
  const { browser } = useShell();
  useDocumentTitle(PLANS_TITLE);
  return (
    <div data-testid={testIds.remoteSlot.root} data-status="failed">
      <h1 className="pos-visually-hidden">{PLANS_TITLE}</h1>
      <SlotError title={PLANS_TITLE} onRetry={() => browser.reload()} />
    </div>
  );
}

/** The name of /subscription-plans (spec 2.2). */
const PLANS_TITLE = 'My Plan';

/**
 * The signed-in routes of spec 2.2: the shell's pages, every loaded contract's routes behind
 * their guards, the remotes.json prefixes of remotes that are not loaded (their slot waits or
 * offers a retry), the no-plan redirect, and home for anything else.
 */
export function SignedInRoutes() {
  const states = useRemoteStates();
  const { account, viewer } = useAccount();
  const { pathname } = useLocation();

  // Unknown while unread or being re-read after plan-changed (a plan just chosen is not yet here).
  const hasPlan =
    account.planState && !account.planRefreshing ? account.planState.plan != null : null;
  const target = planRedirect(pathname, hasPlan);
  if (target) return <Navigate to={target} replace />;

  const ready = states.flatMap((state) =>
    state.status === 'ready'
      ? state.contract.routes.map((route) => ({ route, owner: state.remote.name }))
      : [],
  );
  // A remote that is not loaded keeps its slot only for those allowed to see it.
  const pending = states.filter(
    (state) => state.status !== 'ready' && canAccess(state.remote.access, viewer),
  );

  return (
    <Routes>
      <Route path={paths.dashboard} element={<DashboardPage />} />
      <Route
        path={paths.resources}
        element={
          <LazyPage>
            <ResourcesPage />
          </LazyPage>
        }
      />
      <Route
        path={paths.deactivated}
        element={
          <LazyPage>
            <DeactivatedPage />
          </LazyPage>
        }
      />
      <Route
        path={paths.accessDenied}
        element={
          <LazyPage>
            <AccessDeniedPage />
          </LazyPage>
        }
      />
      {/* The top of the shell takes these over as soon as the router reaches them. */}
      {sessionPaths.map((path) => (
        <Route key={path} path={path} element={null} />
      ))}
      <Route path={`${paths.loginPrefix}/*`} element={null} />
      {ready.map(({ route, owner }) => (
        <Route
          key={`${owner}:${route.path}`}
          path={route.path}
          element={<RemoteRoutePage route={route} />}
        />
      ))}
      {pending.flatMap((state) =>
        state.remote.routes.map((prefix) => (
          <Route
            key={`${state.remote.name}:${prefix}`}
            path={`${routeBase(prefix)}/*`}
            element={<PendingRemotePage state={state} />}
          />
        )),
      )}
      {!servesSubscriptionPlans(states) && (
        <Route path={`${paths.subscriptionPlans}/*`} element={<PlansUnavailablePage />} />
      )}
      <Route
        path="*"
        element={<UnknownPath waiting={states.some((state) => state.status === 'loading')} />}
      />
    </Routes>
  );
}
