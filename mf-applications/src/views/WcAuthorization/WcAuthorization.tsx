import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@pos/shared/router';
import { Card, LoadingState, apiErrorMessage, cx, useParcel, PageHeader } from '@pos/shared';
import { fetchApplication, setAuthInProgress } from '../../api';
import { applicationsTestIds } from '../../testIds';
import { WP_SIDE_ERROR, authorizationNotBack } from '../../texts';
import { AUTHORIZATION_POLL_MS, AUTHORIZATION_WAIT_MS, type Application } from '../../types';
import { APPLICATIONS_PATH, applicationPath, storeHost, wcAuthorizationQuery } from '../../urls';

const ids = applicationsTestIds.wcAuthorization;

/**
 * Where the store sends the browser back after its authorization page (spec 2.4). The store's
 * own callback to the api decides the outcome, so `success=1` is never trusted: the page polls
 * the application every 500 ms and leaves for it once authInProgress is false or a fetch fails.
 * `success=0` (the store admin denied) drops the pending authorization at once. When the store
 * has not called back after {@link AUTHORIZATION_WAIT_MS}, the page stops and says the likely
 * causes, with the callback address the store could not reach (issue 27).
 */
export function WcAuthorization() {
  const { api, bus } = useParcel();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const applicationId =
    query.get(wcAuthorizationQuery.applicationId) || query.get(wcAuthorizationQuery.userId);
  const denied = query.get(wcAuthorizationQuery.success) === '0';
  // Once the page has sent the browser on, the new address (without the query) may still reach
  // it before it unmounts; it must not send the browser anywhere else.
  const leftRef = useRef(false);
  // The application still authorizing when the wait ran out.
  const [notBack, setNotBack] = useState<Application | null>(null);

  useEffect(() => {
    if (leftRef.current) return undefined;
    if (!applicationId) {
      leftRef.current = true;
      navigate(APPLICATIONS_PATH, { replace: true });
      return undefined;
    }
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const leave = () => {
      if (!active) return;
      active = false;
      leftRef.current = true;
      navigate(applicationPath(applicationId), { replace: true });
    };

    if (denied) {
      const dropped = (error?: unknown) => {
        if (!active) return;
        bus.emit('notify', { message: WP_SIDE_ERROR, status: 'info' });
        // Spec 8: a failed auth-status call is told with the server's text; the token the store
        // never used expires on its own.
        if (error !== undefined) {
          bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
        }
        leave();
      };
      void setAuthInProgress(api, applicationId, false).then(() => dropped(), dropped);
    } else {
      const giveUpAt = Date.now() + AUTHORIZATION_WAIT_MS;
      const poll = async () => {
        try {
          const application = await fetchApplication(api, applicationId, controller.signal);
          if (!active) return;
          if (application.authInProgress) {
            if (Date.now() >= giveUpAt) {
              active = false;
              setNotBack(application);
              return;
            }
            timer = setTimeout(() => void poll(), AUTHORIZATION_POLL_MS);
            return;
          }
          if (application.status.code === 'authorized') {
            bus.emit('notify', {
              message: `${application.name} was authorized.`,
              status: 'success',
            });
          }
          leave();
        } catch {
          leave();
        }
      };
      void poll();
    }

    return () => {
      active = false;
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, bus, navigate, applicationId, denied]);

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader title="Authorizing" />
      <Card>
        {notBack ? (
          <div data-testid={ids.notBack}>
            <p role="alert">
              {authorizationNotBack(storeHost(notBack.homeUrl), notBack.authCallbackUrl ?? null)}
            </p>
            <div>
              <Link
                to={applicationPath(notBack.id)}
                className={cx('pos-button', 'pos-button--secondary', 'pos-button--md')}
                data-testid={ids.backLink}
              >
                <span className="pos-button__label">Back to {notBack.name}</span>
              </Link>
            </div>
          </div>
        ) : (
          <div data-testid={ids.connecting}>
            <LoadingState message="Connecting to your store…" />
          </div>
        )}
      </Card>
    </div>
  );
}
