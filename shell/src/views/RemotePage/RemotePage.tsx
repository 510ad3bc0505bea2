import { LoadingState, type RouteDefinition } from '@pos/shared';
import { Navigate } from '@pos/shared/router';
import { useAccount } from '../../account/AccountContext';
import { SlotError, SlotErrorBoundary } from '../../components/ErrorBoundary';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ParcelSlot } from '../../remotes/ParcelSlot';
import type { RemoteState } from '../../remotes/RemoteRegistry';
import { useRemoteRegistry } from '../../remotes/RemotesContext';
import { routeBase, routeRedirect } from '../../routing/guards';
import { testIds } from '../../testIds';

/** A remote's page, behind the guards of spec 2.2. */
export function RemoteRoutePage({ route }: { route: RouteDefinition }) {
  const { viewer } = useAccount();
  useDocumentTitle(route.title);
  const redirect = routeRedirect(route, viewer);
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <SlotErrorBoundary title={route.title}>
      <ParcelSlot
        title={route.title}
        load={route.load}
        basePath={routeBase(route.path)}
        pageHeading
      />
    </SlotErrorBoundary>
  );
}

/**
 * A path a remote serves (by remotes.json) while its contract is loading or could not be
 * loaded: the slot waits, or offers 'Try again', instead of sending the user home.
 */
export function PendingRemotePage({ state }: { state: RemoteState }) {
  const registry = useRemoteRegistry();
  useDocumentTitle(state.title);
  return (
    <div data-testid={testIds.remoteSlot.root} data-status={state.status}>
      <h1 className="pos-visually-hidden">{state.title}</h1>
      {state.status === 'failed' ? (
        <SlotError title={state.title} onRetry={() => void registry.retry(state.remote.name)} />
      ) : (
        <div data-testid={testIds.remoteSlot.loading}>
          <LoadingState message={`Loading ${state.title}…`} />
        </div>
      )}
    </div>
  );
}
