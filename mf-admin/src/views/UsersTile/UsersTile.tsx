import { useCallback } from 'react';
import { StatTile, apiErrorMessage, useLoad, useParcel, type StatTileState } from '@pos/shared';
import { fetchUserTotal } from '../../api';
import { adminTestIds } from '../../testIds';
import { ADMIN_PANEL_PATH } from '../../urls';

/** The admins' dashboard tile: how many users the platform has, and the way to the panel. */
export function UsersTile() {
  const { api, viewer } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchUserTotal(api, signal), [api]);
  const total = useLoad(load);

  const tileState: StatTileState =
    total.status === 'error'
      ? { status: 'error', message: apiErrorMessage(total.error), onRetry: total.reload }
      : total.status === 'success' && total.data !== null
        ? { status: 'success', value: total.data }
        : { status: 'loading' };

  return (
    <StatTile
      title="Users"
      state={tileState}
      loadingMessage="Loading users"
      label={(total) => `${total === 1 ? 'user' : 'users'} in total`}
      link={{ to: ADMIN_PANEL_PATH, label: 'Open Admin Panel' }}
      disabled={viewer.isBanned}
      data-testid={adminTestIds.usersTile}
      valueTestId={adminTestIds.usersTileTotal}
    />
  );
}
