import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, ErrorState, Icon, LoadingState, apiErrorMessage, useParcel } from '@pos/shared';
import { fetchUserTotal } from '../../api';
import { adminTestIds } from '../../testIds';
import { ADMIN_PANEL_PATH } from '../../urls';
import './UsersTile.css';

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

  return (
    <Card
      title="Users"
      className="pos-admin-tile"
      disabled={viewer.isBanned}
      data-testid={adminTestIds.usersTile}
    >
      {state.status === 'loading' && <LoadingState inline message="Loading users" />}
      {state.status === 'error' && (
        <ErrorState
          className="pos-admin-tile__error"
          message={apiErrorMessage(state.error)}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      )}
      {state.status === 'success' && (
        <p className="pos-admin-tile__total">
          <span className="pos-admin-tile__number" data-testid={adminTestIds.usersTileTotal}>
            {state.total.toLocaleString('en-US')}
          </span>
          <span className="pos-admin-tile__label">
            {state.total === 1 ? 'user' : 'users'} in total
          </span>
        </p>
      )}
      {viewer.isBanned ? (
        <span className="pos-admin-tile__link is-disabled">Open Admin Panel</span>
      ) : (
        <Link to={ADMIN_PANEL_PATH} className="pos-admin-tile__link">
          Open Admin Panel
          <Icon name="chevron-right" size={16} />
        </Link>
      )}
    </Card>
  );
}
