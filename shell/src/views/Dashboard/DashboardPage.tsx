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
import type { CSSProperties, ReactNode } from 'react';
import { Link } from '@pos/shared/router';
import { useAccount } from '../../account/AccountContext';
import { SlotError, SlotErrorBoundary } from '../../components/ErrorBoundary';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { ParcelSlot } from '../../remotes/ParcelSlot';
import { useRemoteRegistry, useRemoteStates } from '../../remotes/RemotesContext';
import { testIds } from '../../testIds';
import { paths } from '../../urls';
import { TileSkeleton } from './TileSkeleton';
import { buildTileSlots, type TileSlotEntry } from './tileSlots';
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

/** Under the tiles, while a remote that declares none of its places may still add some. */
export const LOADING_MORE_TILES = 'Loading more tiles…';

/** A place of the tile grid; `rows` (declared) gives it a fixed height of that many rows. */
function TileFrame({
  entry,
  banned,
  framed = false,
  children,
}: {
  entry: TileSlotEntry;
  banned: boolean;
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={entry.title}
      aria-disabled={banned || undefined}
      inert={banned}
      className={cx('shell-tile', framed && 'shell-tile--framed', banned && 'is-disabled')}
      style={entry.rows ? ({ '--shell-tile-rows': entry.rows } as CSSProperties) : undefined}
      data-testid={testIds.dashboard.tile(entry.id)}
    >
      {children}
    </div>
  );
}

/**
 * The tile grid: every place in order, each a tile, its skeleton while its remote loads, or its
 * 'Try again' when the remote failed. Places declared in remotes.json hold their height whatever
 * they show (`shell-dashboard__tiles--reserved`). The server's first paint renders it too, with
 * every place still loading (no `renderTile`, no `onRetry`).
 */
export function DashboardTiles({
  slots,
  banned,
  renderTile,
  onRetry,
  children,
}: {
  slots: readonly TileSlotEntry[];
  banned: boolean;
  renderTile?: (tile: TileDefinition) => ReactNode;
  onRetry?: (owner: string) => void;
  /** After the places: the cards of failed remotes that declare no tiles. */
  children?: ReactNode;
}) {
  return (
    <div
      className={cx(
        'shell-dashboard__tiles',
        slots.some((entry) => entry.rows !== null) && 'shell-dashboard__tiles--reserved',
      )}
    >
      {slots.map((entry) => (
        <TileFrame
          key={entry.key}
          entry={entry}
          banned={banned}
          framed={entry.status === 'failed' && Boolean(onRetry)}
        >
          {entry.status === 'ready' && renderTile ? (
            renderTile(entry.tile)
          ) : entry.status === 'failed' && onRetry ? (
            <SlotError title={entry.title} onRetry={() => onRetry(entry.owner)} />
          ) : (
            <TileSkeleton title={entry.title} />
          )}
        </TileFrame>
      ))}
      {children}
    </div>
  );
}

/** The dashboard (spec 2.3): a greeting for managers, the tiles of every remote. */
export function DashboardPage() {
  const { viewer } = useAccount();
  const states = useRemoteStates();
  const registry = useRemoteRegistry();
  useDocumentTitle('Dashboard');

  const slots = buildTileSlots(states, viewer);
  // A failed remote with declared tiles shows 'Try again' in their places; one without, a card.
  const failed = states.filter(
    (state) =>
      state.status === 'failed' &&
      !state.remote.slots?.tiles.length &&
      canAccess(state.remote.access, viewer),
  );
  const loading = states.some((state) => state.status === 'loading');
  // Only a remote that declares nothing can still add places (and move the page).
  const undeclaredLoading = states.some(
    (state) => state.status === 'loading' && !state.remote.slots,
  );
  const retry = (owner: string) => void registry.retry(owner);

  return (
    <div className="shell-dashboard" data-testid={testIds.dashboard.root}>
      <DashboardHeader viewer={viewer} eyebrow={dayjs().format('dddd, MMMM D')} />

      {slots.length > 0 || failed.length > 0 ? (
        <DashboardTiles
          slots={slots}
          banned={viewer.isBanned}
          onRetry={retry}
          renderTile={(tile) => (
            <SlotErrorBoundary title={tile.title}>
              <ParcelSlot
                title={tile.title}
                load={tile.load}
                basePath={paths.dashboard}
                loadingView={<TileSkeleton title={tile.title} />}
              />
            </SlotErrorBoundary>
          )}
        >
          {failed.map((state) => (
            <div key={state.remote.name} className="shell-tile shell-tile--framed">
              <SlotError title={state.title} onRetry={() => retry(state.remote.name)} />
            </div>
          ))}
        </DashboardTiles>
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
      {undeclaredLoading && (slots.length > 0 || failed.length > 0) && (
        <LoadingState inline message={LOADING_MORE_TILES} className="shell-dashboard__more" />
      )}
    </div>
  );
}
