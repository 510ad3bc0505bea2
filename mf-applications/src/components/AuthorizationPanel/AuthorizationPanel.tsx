import type { SubmissionErrors } from 'final-form';
import { useEffect, useRef } from 'react';
import { Card } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import type { Application, ApplicationAuthType } from '../../types';
import { AuthorizedDetails } from './AuthorizedDetails';
import { ConnectOptions } from './ConnectOptions';
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
 * with Keys'; authorized shows the connection with Disconnect. An application whose store check
 * failed is still stored as authorized, so it shows the failure and Disconnect.
 */
export function AuthorizationPanel({
  application,
  busy,
  onAuthTypeChange,
  onAuthorize,
  onConnect,
  onDisconnect,
}: AuthorizationPanelProps) {
  const connected = application.isVerifiedAuth || Boolean(application.error);
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
          <ConnectOptions
            application={application}
            busy={busy}
            onAuthTypeChange={onAuthTypeChange}
            onAuthorize={onAuthorize}
            onConnect={onConnect}
          />
        )}
      </div>
    </Card>
  );
}
