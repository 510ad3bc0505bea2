import type { ReactNode } from 'react';
import { Card, ErrorState, apiErrorMessage, useParcel, PageHeader } from '@pos/shared';
import { PluginLeftOut, PluginPrompt, pluginLeftOut } from '@pos/shared/store-kit';
import { MyStationsTable } from '../../components/MyStationsTable';
import { SharedWithMeTable } from '../../components/SharedWithMeTable';
import { useStationsOverview } from '../../hooks/useStationsOverview';
import { countPluginMissing } from '../../quickLaunch';
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
  // Stores without the Cloud POS plugin have no stations to list: they are left out and counted.
  const ownListed = (own.data ?? []).filter(({ pluginMissing }) => !pluginMissing);
  const ownLeftOut = countPluginMissing(own.data ?? []);
  const sharedGroups = shared.data?.groups ?? [];
  const sharedLeftOut = shared.data?.pluginMissingCount ?? 0;

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
            <LeftOutOr
              leftOut={ownLeftOut}
              listed={ownListed.length}
              data-testid={ids.myStationsLeftOut}
            >
              <MyStationsTable
                applications={ownListed}
                loading={own.status === 'loading' && own.data === null}
              />
            </LeftOutOr>
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
          <LeftOutOr
            leftOut={sharedLeftOut}
            listed={sharedGroups.length}
            data-testid={ids.sharedLeftOut}
          >
            <SharedWithMeTable
              groups={sharedGroups}
              loading={shared.status === 'loading' && shared.data === null}
            />
          </LeftOutOr>
        )}
      </Card>
    </div>
  );
}

/**
 * A section's list with the note of the stores it left out for lacking the Cloud POS plugin; when
 * every store was left out, the prompt takes the list's place (its empty state would say there
 * is nothing, which is not so).
 */
function LeftOutOr({
  leftOut,
  listed,
  children,
  'data-testid': testId,
}: {
  leftOut: number;
  listed: number;
  children: ReactNode;
  'data-testid': string;
}) {
  if (leftOut > 0 && listed === 0) {
    return <PluginPrompt title={pluginLeftOut(leftOut)} data-testid={testId} />;
  }
  return (
    <>
      {children}
      <PluginLeftOut count={leftOut} data-testid={testId} />
    </>
  );
}
