import type { SubmissionErrors } from 'final-form';
import { useEffect, useRef } from 'react';
import { Card } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import { isConnected, type Application, type ApplicationAuthType } from '../../types';
import { AuthFailureNotice } from '../AuthFailureNotice';
import { AuthorizedDetails } from './AuthorizedDetails';
import { ConnectOptions } from './ConnectOptions';
import { KeyOutcome } from './KeyOutcome';
import './AuthorizationPanel.css';

/** The authorization action under way, so only its button spins ('connect' is the keys form's). */
export type AuthorizationBusy = 'authType' | 'authorize' | 'connect' | 'disconnect' | null;

/** The keys typed into 'Connect with Keys'. */
export interface ConsumerKeys {
  consumerKey: string;
  consumerSecret: string;
}

export interface AuthorizationPanelProps {
  application: Application;
  busy: AuthorizationBusy;
  /** After a Disconnect on this page: whether the store's key was revoked; null before. */
  keyRevoked?: boolean | null;
  onAuthTypeChange: (authType: ApplicationAuthType) => void;
  onAuthorize: () => void;
  /**
   * Connects with the keys; resolves with why they were refused (keysFail's text or the server's
   * error) as the keys form's FORM_ERROR.
   */
  onConnect: (keys: ConsumerKeys) => Promise<SubmissionErrors | undefined>;
  onDisconnect: () => void;
}

/**
 * Spec 4's application authorization: unauthorized offers 'Authorize with Account' or 'Connect
 * with Keys', under why the last attempt failed (if it did) and, after a Disconnect, what became
 * of the store's key; authorized shows the connection with Disconnect. An unverified application
 * (its store check failed) is still stored as authorized, so it shows the failure and Disconnect.
 */
export function AuthorizationPanel({
  application,
  busy,
  keyRevoked = null,
  onAuthTypeChange,
  onAuthorize,
  onConnect,
  onDisconnect,
}: AuthorizationPanelProps) {
  const connected = isConnected(application.status);
  const bodyRef = useRef<HTMLDivElement>(null);
  const wasConnected = useRef(connected);

  // Connect and Disconnect go away with the state they belong to: focus stays in the panel
  // instead of falling back to the top of the document.
  useEffect(() => {
    if (wasConnected.current === connected) return;
    wasConnected.current = connected;
    const body = bodyRef.current;
    const focused = document.activeElement;
    if (body && (!focused || focused === document.body || body.contains(focused))) body.focus();
  }, [connected]);

  return (
    <Card
      title="Authorization"
      className="pos-apps-auth"
      data-testid={applicationsTestIds.auth.panel}
    >
      <div ref={bodyRef} tabIndex={-1} className="pos-apps-auth__focus">
        {connected ? (
          <AuthorizedDetails
            application={application}
            disconnecting={busy === 'disconnect'}
            onDisconnect={onDisconnect}
          />
        ) : (
          <div className="pos-apps-auth__body">
            {keyRevoked !== null && (
              <KeyOutcome keyRevoked={keyRevoked} homeUrl={application.homeUrl} />
            )}
            {/* A Connect just refused says why under the keys (keysFail is only set in its
                answer); the notice tells a failure found on coming back to the page. */}
            {application.lastAuthFailure && !application.keysFail.hasError && (
              <AuthFailureNotice failure={application.lastAuthFailure} />
            )}
            <ConnectOptions
              application={application}
              busy={busy}
              onAuthTypeChange={onAuthTypeChange}
              onAuthorize={onAuthorize}
              onConnect={onConnect}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
