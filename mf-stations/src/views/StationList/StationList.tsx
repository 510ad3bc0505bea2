import { Card, ErrorState, apiErrorMessage, useParcel, PageHeader } from '@pos/shared';
import { MyStationsTable } from '../../components/MyStationsTable';
import { SharedWithMeTable } from '../../components/SharedWithMeTable';
import { useStationsOverview } from '../../hooks/useStationsOverview';
import { stationsTestIds } from '../../testIds';
import { MY_STATIONS, SHARED_WITH_ME, STATIONS } from '../../texts';
import { QuickLaunchSection } from './QuickLaunchSection';

const ids = stationsTestIds.stations;

/**
 * /stations (spec 2.5): 'Quick Launch', 'My Stations' for managers and 'Shared with me'. Each
 * section loads on its own, so a failure costs that section only and can be retried there.
 */
export function StationList() {
  const { isManager, own, shared, quickLaunch } = useStationsOverview({
    announceStoreErrors: true,
  });
  const { cloudPosUrl } = useParcel();

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader title={STATIONS} />
      <QuickLaunchSection
        cloudPosUrl={cloudPosUrl}
        own={own}
        shared={shared}
        quickLaunch={quickLaunch}
      />
      {isManager && (
        <Card title={MY_STATIONS} flush data-testid={ids.myStations}>
          {own.status === 'error' ? (
            <ErrorState
              title="The stations could not be loaded"
              message={apiErrorMessage(own.error)}
              onRetry={own.reload}
              data-testid={ids.myStationsError}
            />
          ) : (
            <MyStationsTable
              applications={own.data ?? []}
              loading={own.status === 'loading' && own.data === null}
            />
          )}
        </Card>
      )}
      <Card title={SHARED_WITH_ME} flush data-testid={ids.sharedWithMe}>
        {shared.status === 'error' ? (
          <ErrorState
            title="The shared stations could not be loaded"
            message={apiErrorMessage(shared.error)}
            onRetry={shared.reload}
            data-testid={ids.sharedError}
          />
        ) : (
          <SharedWithMeTable
            groups={shared.data ?? []}
            loading={shared.status === 'loading' && shared.data === null}
          />
        )}
      </Card>
    </div>
  );
}
