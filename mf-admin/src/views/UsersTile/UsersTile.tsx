import { useEffect, useState } from 'react';
import { StatTile, apiErrorMessage, useParcel, type StatTileState } from '@pos/shared';
import { fetchUserTotal } from '../../api';
import { adminTestIds } from '../../testIds';
import { ADMIN_PANEL_PATH } from '../../urls';

type TileState =
  | { status: 'loading' }
  | { status: 'success'; total: number }
  | { status: 'error'; error: unknown };

/** The admins' dashboard tile: how many users the platform has, and the way to the panel. */
export function UsersTile() {
  const { api, viewer } = useParcel();
  const [state, setState] = useState<TileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchUserTotal(api, controller.signal).then(
      (total) => setState({ status: 'success', total }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  const tileState: StatTileState =
    state.status === 'success'
      ? { status: 'success', value: state.total }
      : state.status === 'error'
        ? {
            status: 'error',
            message: apiErrorMessage(state.error),
            onRetry: () => setAttempt((count) => count + 1),
          }
        : state;

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
