import { StatTile, apiErrorMessage, useLoad, useParcel, type StatTileState } from '@pos/shared';
import { useCallback } from 'react';
import { fetchStaffSummary } from '../../api';
import { staffTestIds } from '../../testIds';
import {
  LOADING_STAFF,
  MANAGE_STAFF,
  STAFF,
  UNAVAILABLE_WHILE_PAUSED,
  inApplications,
} from '../../texts';
import { STAFF_PATH } from '../../urls';
import './StaffTile.css';

const ids = staffTestIds.tile;
const link = { to: STAFF_PATH, label: MANAGE_STAFF, 'data-testid': ids.link };
const staffWord = (count: number) => (count === 1 ? 'staff member' : 'staff members');

/**
 * The dashboard's Staff tile (issue 13): how many staff the manager's verified applications
 * have, and in how many applications; the error component with a retry on failure (spec 8). A
 * banned account gets it greyed out and asks the api nothing (it would answer 402).
 */
export function StaffTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <StatTile
        title={STAFF}
        state={{ status: 'unavailable', message: UNAVAILABLE_WHILE_PAUSED }}
        loadingMessage={LOADING_STAFF}
        label=""
        link={link}
        disabled
        data-testid={ids.root}
      />
    );
  }
  return <LiveStaffTile />;
}

function LiveStaffTile() {
  const { api } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchStaffSummary(api, signal), [api]);
  const summary = useLoad(load);
  const state: StatTileState =
    summary.status === 'error'
      ? { status: 'error', message: apiErrorMessage(summary.error), onRetry: summary.reload }
      : summary.data === null
        ? { status: 'loading' }
        : { status: 'success', value: summary.data.total };
  return (
    <StatTile
      title={STAFF}
      state={state}
      loadingMessage={LOADING_STAFF}
      label={staffWord}
      link={link}
      data-testid={ids.root}
      valueTestId={ids.count}
    >
      {summary.data && summary.data.applications > 0 && (
        <p className="pos-staff-tile__applications">{inApplications(summary.data.applications)}</p>
      )}
    </StatTile>
  );
}
