import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { Button } from '@pos/shared';
import { FormError, SecretField } from '@pos/shared/forms';
import { applicationsTestIds } from '../../testIds';
import { AUTHORIZE_WITH_ACCOUNT, CONNECT_WITH_KEYS, authorizationNotBack } from '../../texts';
import type { Application, ApplicationAuthType } from '../../types';
import type { AuthorizationBusy, ConsumerKeys } from './AuthorizationPanel';
import '../../styles/page.css';

const ids = applicationsTestIds.auth;

const MODES: ReadonlyArray<{ value: ApplicationAuthType; label: string; testId: string }> = [
  { value: 'account', label: AUTHORIZE_WITH_ACCOUNT, testId: ids.modeAccount },
  { value: 'keys', label: CONNECT_WITH_KEYS, testId: ids.modeKeys },
];

const NO_KEYS: ConsumerKeys = { consumerKey: '', consumerSecret: '' };

const hostOf = (homeUrl: string) => {
  try {
    return new URL(homeUrl).host;
  } catch {
    return homeUrl;
  }
};

/**
 * An unauthorized application: the choice of spec 2.4 and what each choice needs. The typed Key
 * and Secret, Connect's progress and its refusal are the keys form's (react-final-form); the
 * form spans both choices, so typed keys are still there after switching back.
 */
export function ConnectOptions({
  application,
  busy,
  onAuthTypeChange,
  onAuthorize,
  onConnect,
}: {
  application: Application;
  busy: AuthorizationBusy;
  onAuthTypeChange: (authType: ApplicationAuthType) => void;
  onAuthorize: () => void;
  /** Connects with the keys; resolves with the form's error (FORM_ERROR) when refused. */
  onConnect: (keys: ConsumerKeys) => Promise<SubmissionErrors | undefined>;
}) {
  return (
    <Form<ConsumerKeys>
      initialValues={NO_KEYS}
      onSubmit={(keys) =>
        onConnect({
          consumerKey: keys.consumerKey.trim(),
          consumerSecret: keys.consumerSecret.trim(),
        })
      }
      subscription={{ values: true, submitting: true }}
      render={({ form, handleSubmit, values, submitting }) => {
        const working: AuthorizationBusy = busy ?? (submitting ? 'connect' : null);
        const complete = values.consumerKey.trim() !== '' && values.consumerSecret.trim() !== '';
        return (
          <div className="pos-apps-auth__body">
            <fieldset
              className="pos-apps-auth__modes"
              aria-busy={working === 'authType' || undefined}
            >
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
                    disabled={working !== null && working !== 'authType'}
                    onChange={() => {
                      if (working !== null) return;
                      // Another choice drops the last Connect's refusal. The typed keys stay:
                      // they become the form's initial values, which react-final-form 7 gives
                      // the Key and Secret fields when they mount again.
                      form.reset(form.getState().values);
                      onAuthTypeChange(mode.value);
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
                  <p className="pos-apps-auth__hint" role="status" data-testid={ids.notBack}>
                    {authorizationNotBack(
                      hostOf(application.homeUrl),
                      application.authCallbackUrl ?? null,
                    )}
                  </p>
                )}
                <div className="pos-apps-auth__actions">
                  <Button
                    icon="external"
                    loading={working === 'authorize'}
                    disabled={working !== null && working !== 'authorize'}
                    onClick={onAuthorize}
                    data-testid={ids.authorizeButton}
                  >
                    Authorize
                  </Button>
                </div>
              </div>
            ) : (
              <form
                className="pos-apps-auth__section"
                noValidate
                onSubmit={(event) => {
                  if (complete && working === null) void handleSubmit(event);
                  else event.preventDefault();
                }}
              >
                <p className="pos-apps-auth__hint">
                  Create a key with Read/Write permissions in WooCommerce under Settings, Advanced,
                  REST API, and enter its Key and Secret.
                </p>
                <SecretField
                  name="consumerKey"
                  label="Key"
                  placeholder="ck_…"
                  data-testid={ids.keyField}
                  toggleTestId={ids.keyToggle}
                />
                <SecretField
                  name="consumerSecret"
                  label="Secret"
                  placeholder="cs_…"
                  data-testid={ids.secretField}
                  toggleTestId={ids.secretToggle}
                />
                <FormError data-testid={ids.keysFail} />
                <div className="pos-apps-auth__actions">
                  <Button
                    type="submit"
                    icon="key"
                    disabled={!complete || (working !== null && working !== 'connect')}
                    loading={working === 'connect'}
                    data-testid={ids.connectButton}
                  >
                    Connect
                  </Button>
                </div>
              </form>
            )}
          </div>
        );
      }}
    />
  );
}
