import { Link } from 'react-router-dom';
import { Badge, Button } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import { applicationErrorMessage } from '../../texts';
import type { Application } from '../../types';
import { applicationStationsPath } from '../../urls';
import { StatusBadge } from '../StatusBadge';
import '../../styles/page.css';

const ids = applicationsTestIds.auth;

/**
 * An authorized application: how it was authorized, the connected WordPress account, the masked
 * keys (the server masks them per spec 5), 'View Stations' with the count, and Disconnect.
 */
export function AuthorizedDetails({
  application,
  disconnecting,
  onDisconnect,
}: {
  application: Application;
  disconnecting: boolean;
  onDisconnect: () => void;
}) {
  const showKeys = application.authType === 'keys' && application.consumerKey !== null;
  return (
    <div className="pos-apps-auth__body">
      <p className="pos-apps-auth__status">
        <StatusBadge application={application} />
        <span>
          {application.authType === 'keys' ? 'Connected with keys' : 'Authorized with account'}
        </span>
      </p>
      {application.error && (
        <p
          className="pos-apps-form-error"
          role="alert"
          data-testid={applicationsTestIds.detail.storeError}
        >
          {applicationErrorMessage(application.name, application.error.message)}
        </p>
      )}
      <dl className="pos-apps-auth__facts">
        <div>
          <dt>WordPress account</dt>
          <dd data-testid={ids.wpUserEmail}>{application.wpUser?.email ?? 'Not known'}</dd>
        </div>
        {showKeys && (
          <>
            <div>
              <dt>Key</dt>
              <dd>
                <code data-testid={ids.keyField}>{application.consumerKey}</code>
              </dd>
            </div>
            <div>
              <dt>Secret</dt>
              <dd>
                <code data-testid={ids.secretField}>{application.consumerSecret}</code>
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>Stations</dt>
          <dd>
            <Link
              to={applicationStationsPath(application.id)}
              className="pos-apps-auth__stations"
              data-testid={ids.viewStations}
            >
              View Stations
              {application.stationsCount !== null && (
                <Badge tone="primary" data-testid={ids.stationsCount}>
                  {application.stationsCount}
                </Badge>
              )}
            </Link>
          </dd>
        </div>
      </dl>
      <div className="pos-apps-auth__actions">
        <Button
          variant="secondary"
          icon="plug"
          loading={disconnecting}
          onClick={onDisconnect}
          data-testid={ids.disconnectButton}
        >
          Disconnect
        </Button>
      </div>
    </div>
  );
}
