import {
  Card,
  EmptyState,
  LoadingState,
  canAccess,
  cx,
  type TileDefinition,
  type Viewer,
} from '@pos/shared';
import dayjs from 'dayjs';
import { Link } from '@pos/shared/router';
import { useAccount } from '../../account/AccountContext';
import { SlotError, SlotErrorBoundary } from '../../components/ErrorBoundary';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ParcelSlot } from '../../remotes/ParcelSlot';
import { useRemoteRegistry, useRemoteStates } from '../../remotes/RemotesContext';
import { testIds } from '../../testIds';
import { paths } from '../../urls';
import './DashboardPage.css';

/**
 * The top of the dashboard: a greeting for managers (under the date, `eyebrow`), a title for
 * everyone else. The server's first paint (firstPaint/) shows it too.
 */
export function DashboardHeader({ viewer, eyebrow }: { viewer: Viewer; eyebrow: string }) {
  return viewer.userRole === 'manager' ? (
    <PageHeader
      eyebrow={eyebrow}
      title={viewer.fullName ? `Welcome back, ${viewer.fullName}` : 'Welcome back'}
      description="Here is how your stores and stations are doing."
      data-testid={testIds.dashboard.welcome}
    />
  ) : (
    <PageHeader title="Dashboard" description="Your stations and shared access in one place." />
  );
}

/** While the remotes' tiles are on their way. */
export const LOADING_TILES = 'Loading your dashboard…';

/** The dashboard (spec 2.3): a greeting for managers, the tiles of every loaded remote. */
export function DashboardPage() {
  const { viewer } = useAccount();
  const states = useRemoteStates();
  const registry = useRemoteRegistry();
  useDocumentTitle('Dashboard');

  const tiles = states
    .flatMap((state) => (state.status === 'ready' ? state.contract.tiles : []))
    .filter((tile: TileDefinition) => canAccess(tile.access, viewer))
    .sort((a, b) => a.order - b.order);
  const failed = states.filter(
    (state) => state.status === 'failed' && canAccess(state.remote.access, viewer),
  );
  const loading = states.some((state) => state.status === 'loading');

  return (
    <div className="shell-dashboard" data-testid={testIds.dashboard.root}>
      <DashboardHeader viewer={viewer} eyebrow={dayjs().format('dddd, MMMM D')} />

      {tiles.length > 0 || failed.length > 0 ? (
        <div className="shell-dashboard__tiles">
          {tiles.map((tile) => (
            <div
              key={tile.id}
              role="group"
              aria-label={tile.title}
              aria-disabled={viewer.isBanned || undefined}
              inert={viewer.isBanned}
              className={cx('shell-tile', viewer.isBanned && 'is-disabled')}
              data-testid={testIds.dashboard.tile(tile.id)}
            >
              <SlotErrorBoundary title={tile.title}>
                <ParcelSlot title={tile.title} load={tile.load} basePath={paths.dashboard} />
              </SlotErrorBoundary>
            </div>
          ))}
          {failed.map((state) => (
            <div key={state.remote.name} className="shell-tile shell-tile--framed">
              <SlotError
                title={state.title}
                onRetry={() => void registry.retry(state.remote.name)}
              />
            </div>
          ))}
        </div>
      ) : loading ? (
        <LoadingState message={LOADING_TILES} />
      ) : (
        <Card className="shell-dashboard__empty">
          <EmptyState
            data-testid={testIds.dashboard.empty}
            icon="dashboard"
            title="Nothing on your dashboard yet"
            message="Tiles for your applications, stations and plan appear here once they are set up."
            action={<Link to={paths.resources}>Browse the help resources</Link>}
          />
        </Card>
      )}
      {loading && (tiles.length > 0 || failed.length > 0) && (
        <LoadingState inline message="Loading more tiles…" className="shell-dashboard__more" />
      )}
    </div>
  );
}
