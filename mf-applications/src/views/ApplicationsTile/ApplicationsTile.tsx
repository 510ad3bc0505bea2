import { useCallback } from 'react';
import { StatTile, apiErrorMessage, useParcel, type StatTileState, useLoad } from '@pos/shared';
import { fetchApplications } from '../../api';
import { applicationsTestIds } from '../../testIds';
import { APPLICATIONS_PATH } from '../../urls';

const ids = applicationsTestIds.tile;

const link = { to: APPLICATIONS_PATH, label: 'View Applications', 'data-testid': ids.link };

/**
 * The Applications tile of the dashboard (spec 2.3): how many applications are authorized. A
 * banned account gets the disabled tile without asking the api, which answers it 402.
 */
export function ApplicationsTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <StatTile
        title="Applications"
        state={{ status: 'unavailable', message: 'Unavailable while the account is paused' }}
        loadingMessage="Loading applications"
        label="authorized"
        link={link}
        disabled
        data-testid={ids.root}
        valueTestId={ids.count}
      />
    );
  }
  return <LiveApplicationsTile />;
}

function LiveApplicationsTile() {
  const { api } = useParcel();
  const load = useCallback(
    async (signal: AbortSignal) =>
      (await fetchApplications(api, signal)).list.filter(
        (application) => application.status.code === 'authorized',
      ).length,
    [api],
  );
  const authorized = useLoad(load);

  const state: StatTileState =
    authorized.status === 'error'
      ? {
          status: 'error',
          message: apiErrorMessage(authorized.error),
          onRetry: authorized.reload,
        }
      : authorized.status === 'success' && authorized.data !== null
        ? { status: 'success', value: authorized.data }
        : { status: 'loading' };

  return (
    <StatTile
      title="Applications"
      state={state}
      loadingMessage="Loading applications"
      label="authorized"
      link={link}
      data-testid={ids.root}
      valueTestId={ids.count}
    />
  );
}
