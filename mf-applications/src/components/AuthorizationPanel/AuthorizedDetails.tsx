import { useState } from 'react';
import { Link } from '@pos/shared/router';
import { Badge, Button, StatusBadge } from '@pos/shared';
import { PluginPrompt, STATIONS_NEED_PLUGIN, WP_USER_WITHOUT_PLUGIN } from '@pos/shared/store-kit';
import { applicationsTestIds } from '../../testIds';
import { applicationErrorMessage } from '../../texts';
import type { Application } from '../../types';
import { applicationStationsPath } from '../../urls';
import { DisconnectConfirm } from '../DisconnectConfirm';
import '../../styles/page.css';

const ids = applicationsTestIds.auth;

/**
 * An authorized application: how it was authorized, the connected WordPress account, the masked
 * keys (the server masks them per spec 5), 'View Stations' with the count, and Disconnect (asked
 * first). A store without the Cloud POS plugin says so where the plugin is needed.
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
  const [confirming, setConfirming] = useState(false);
  const showKeys = application.authType === 'keys' && application.consumerKey !== null;
  const withoutPlugin = application.posPlugin.active === false;
  const { status } = application;
  return (
    <div className="pos-apps-auth__body">
      <p className="pos-apps-auth__status">
        <StatusBadge status={status} />
        <span>
          {application.authType === 'keys' ? 'Connected with keys' : 'Authorized with account'}
        </span>
      </p>
      {status.code === 'unverified' && status.reason && (
        <p
          className="pos-apps-form-error"
          role="alert"
          data-testid={applicationsTestIds.detail.storeError}
        >
          {applicationErrorMessage(application.name, status.reason)}
        </p>
      )}
      <dl className="pos-apps-auth__facts">
        <div>
          <dt>WordPress account</dt>
          <dd data-testid={ids.wpUserEmail}>
            {application.wpUser?.email ?? (withoutPlugin ? WP_USER_WITHOUT_PLUGIN : 'Not known')}
          </dd>
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
            {withoutPlugin && (
              <PluginPrompt
                layout="inline"
                title={STATIONS_NEED_PLUGIN}
                className="pos-apps-auth__plugin"
                data-testid={ids.stationsPlugin}
              />
            )}
          </dd>
        </div>
      </dl>
      <div className="pos-apps-auth__actions">
        <Button
          variant="secondary"
          icon="plug"
          loading={disconnecting}
          onClick={() => setConfirming(true)}
          data-testid={ids.disconnectButton}
        >
          Disconnect
        </Button>
      </div>
      <DisconnectConfirm
        application={application}
        open={confirming}
        onConfirm={() => {
          setConfirming(false);
          onDisconnect();
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
