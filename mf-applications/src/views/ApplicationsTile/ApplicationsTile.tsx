import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Card, ErrorState, Icon, LoadingState, apiErrorMessage, useParcel } from '@pos/shared';
import { fetchApplications } from '../../api';
import { useLoad } from '../../hooks/useLoad';
import { applicationsTestIds } from '../../testIds';
import { APPLICATIONS_PATH } from '../../urls';
import './ApplicationsTile.css';

const ids = applicationsTestIds.tile;

/** The Applications tile of the dashboard (spec 2.3): how many applications are authorized. */
export function ApplicationsTile() {
  const { api, viewer } = useParcel();
  const load = useCallback(
    async (signal: AbortSignal) =>
      (await fetchApplications(api, signal)).list.filter(
        (application) => application.isVerifiedAuth,
      ).length,
    [api],
  );
  const authorized = useLoad(load);

  return (
    <Card
      title="Applications"
      className="pos-apps-tile"
      disabled={viewer.isBanned}
      data-testid={ids.root}
    >
      {authorized.status === 'loading' && <LoadingState inline message="Loading applications" />}
      {authorized.status === 'error' && (
        <ErrorState message={apiErrorMessage(authorized.error)} onRetry={authorized.reload} />
      )}
      {authorized.status === 'success' && authorized.data !== null && (
        <p className="pos-apps-tile__total">
          <span className="pos-apps-tile__number" data-testid={ids.count}>
            {authorized.data.toLocaleString('en-US')}
          </span>
          <span className="pos-apps-tile__label">authorized</span>
        </p>
      )}
      {viewer.isBanned ? (
        <span className="pos-apps-tile__link is-disabled">View Applications</span>
      ) : (
        <Link to={APPLICATIONS_PATH} className="pos-apps-tile__link" data-testid={ids.link}>
          View Applications
          <Icon name="chevron-right" size={16} />
        </Link>
      )}
    </Card>
  );
}
