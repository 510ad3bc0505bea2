import { useState, type FormEvent } from 'react';
import { Button } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import { AUTHORIZE_WITH_ACCOUNT, CONNECT_WITH_KEYS } from '../../texts';
import type { Application, ApplicationAuthType } from '../../types';
import { KeyField } from '../KeyField';
import type { AuthorizationBusy, ConsumerKeys } from './AuthorizationPanel';
import '../../styles/page.css';

const ids = applicationsTestIds.auth;

const MODES: ReadonlyArray<{ value: ApplicationAuthType; label: string; testId: string }> = [
  { value: 'account', label: AUTHORIZE_WITH_ACCOUNT, testId: ids.modeAccount },
  { value: 'keys', label: CONNECT_WITH_KEYS, testId: ids.modeKeys },
];

const hostOf = (homeUrl: string) => {
  try {
    return new URL(homeUrl).host;
  } catch {
    return homeUrl;
  }
};

/** An unauthorized application: the choice of spec 2.4 and what each choice needs. */
export function ConnectOptions({
  application,
  busy,
  keysError,
  onAuthTypeChange,
  onAuthorize,
  onConnect,
}: {
  application: Application;
  busy: AuthorizationBusy;
  keysError: string | null;
  onAuthTypeChange: (authType: ApplicationAuthType) => void;
  onAuthorize: () => void;
  onConnect: (keys: ConsumerKeys) => void;
}) {
  const [consumerKey, setConsumerKey] = useState('');
  const [consumerSecret, setConsumerSecret] = useState('');
  const complete = consumerKey.trim() !== '' && consumerSecret.trim() !== '';

  const connect = (event: FormEvent) => {
    event.preventDefault();
    if (complete && busy === null) {
      onConnect({ consumerKey: consumerKey.trim(), consumerSecret: consumerSecret.trim() });
    }
  };

  return (
    <div className="pos-apps-auth__body">
      <fieldset className="pos-apps-auth__modes" aria-busy={busy === 'authType' || undefined}>
        <legend className="pos-visually-hidden">How to authorize</legend>
        {MODES.map((mode) => (
          <label key={mode.value} className="pos-apps-auth__mode">
            <input
              type="radio"
              name={`auth-type-${application.id}`}
              value={mode.value}
              checked={application.authType === mode.value}
              // While the choice itself is saved the radios stay enabled: disabling the focused
              // one would drop keyboard focus to the document. A change meanwhile is ignored.
              disabled={busy !== null && busy !== 'authType'}
              onChange={() => {
                if (busy === null) onAuthTypeChange(mode.value);
              }}
              data-testid={mode.testId}
            />
            <span>{mode.label}</span>
          </label>
        ))}
      </fieldset>

      {application.authType === 'account' ? (
        <div className="pos-apps-auth__section">
          <p className="pos-apps-auth__hint">
            You will approve the connection on {hostOf(application.homeUrl)}, signed in as an
            administrator of the store, and come back here.
          </p>
          {application.authInProgress && (
            <p className="pos-apps-auth__hint">
              An authorization was started and has not finished. Authorize again to start over.
            </p>
          )}
          <div className="pos-apps-auth__actions">
            <Button
              icon="external"
              loading={busy === 'authorize'}
              disabled={busy !== null && busy !== 'authorize'}
              onClick={onAuthorize}
              data-testid={ids.authorizeButton}
            >
              Authorize
            </Button>
          </div>
        </div>
      ) : (
        <form className="pos-apps-auth__section" noValidate onSubmit={connect}>
          <p className="pos-apps-auth__hint">
            Create a key with Read/Write permissions in WooCommerce under Settings, Advanced, REST
            API, and enter its Key and Secret.
          </p>
          <KeyField
            label="Key"
            value={consumerKey}
            onChange={setConsumerKey}
            placeholder="ck_…"
            data-testid={ids.keyField}
            toggleTestId={ids.keyToggle}
          />
          <KeyField
            label="Secret"
            value={consumerSecret}
            onChange={setConsumerSecret}
            placeholder="cs_…"
            data-testid={ids.secretField}
            toggleTestId={ids.secretToggle}
          />
          {keysError && (
            <p className="pos-apps-form-error" role="alert" data-testid={ids.keysFail}>
              {keysError}
            </p>
          )}
          <div className="pos-apps-auth__actions">
            <Button
              type="submit"
              icon="key"
              disabled={!complete || (busy !== null && busy !== 'connect')}
              loading={busy === 'connect'}
              data-testid={ids.connectButton}
            >
              Connect
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
