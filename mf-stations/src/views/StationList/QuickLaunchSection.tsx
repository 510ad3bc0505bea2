import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  apiErrorMessage,
  type LoadState,
} from '@pos/shared';
import { QuickLaunchCard } from '../../components/QuickLaunchCard';
import type { useQuickLaunch } from '../../hooks/useQuickLaunch';
import { resolveQuickLaunch } from '../../quickLaunch';
import { stationsTestIds } from '../../testIds';
import { LOADING_STATIONS, NO_QUICK_LAUNCH, NO_QUICK_LAUNCH_HINT, QUICK_LAUNCH } from '../../texts';
import type { OwnApplicationStations, SharedStationsOverview } from '../../types';
import { cloudStationUrl } from '../../urls';

const ids = stationsTestIds.stations;

export interface QuickLaunchSectionProps {
  cloudPosUrl: string;
  own: LoadState<OwnApplicationStations[]>;
  shared: LoadState<SharedStationsOverview>;
  quickLaunch: ReturnType<typeof useQuickLaunch>;
}

/**
 * 'Quick Launch' (spec 2.5): a card per pinned station, own and shared. The stations lists say
 * what a pinned key is, so the cards wait for them; a list that failed is told in its own
 * section, and its pinned stations are left out here.
 */
export function QuickLaunchSection({
  cloudPosUrl,
  own,
  shared,
  quickLaunch,
}: QuickLaunchSectionProps) {
  const waiting =
    (quickLaunch.status === 'loading' && !quickLaunch.ready) ||
    (own.status === 'loading' && own.data === null) ||
    (shared.status === 'loading' && shared.data === null);
  const entries = resolveQuickLaunch(quickLaunch.pinned, own.data ?? [], shared.data?.groups ?? []);

  return (
    <Card title={QUICK_LAUNCH} data-testid={ids.quickLaunch}>
      {quickLaunch.status === 'error' && !quickLaunch.ready ? (
        <ErrorState
          title="Quick Launch could not be loaded"
          message={apiErrorMessage(quickLaunch.error)}
          onRetry={quickLaunch.reload}
        />
      ) : waiting ? (
        <LoadingState message={LOADING_STATIONS} />
      ) : entries.length === 0 ? (
        <EmptyState
          title={NO_QUICK_LAUNCH}
          message={NO_QUICK_LAUNCH_HINT}
          icon="rocket"
          data-testid={ids.quickLaunchEmpty}
        />
      ) : (
        <ul className="pos-stations-ql-list">
          {entries.map((entry) => (
            <QuickLaunchCard
              key={entry.key}
              entry={entry}
              url={cloudStationUrl(
                cloudPosUrl,
                entry.application.slug,
                entry.station.cloudStationSlug,
              )}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
