import dayjs from 'dayjs';
import { useId } from 'react';
import { Icon } from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import type { AuthFailure } from '../../types';
import './AuthFailureNotice.css';

const ids = applicationsTestIds.auth;

/** When the attempt failed, as the spec writes times (2.6: YYYY/MM/DD HH:mm), in local time. */
const formatWhen = (at: string) => {
  const when = dayjs(at);
  return when.isValid() ? when.format('YYYY/MM/DD HH:mm') : null;
};

/**
 * Why the last authorization of an application failed, when, and what to do next (issue 10:
 * WooCommerce keeps the owner on its own error page when the callback is refused, so this is
 * where the owner learns what happened). The api records the failure and clears it when an
 * attempt succeeds.
 */
export function AuthFailureNotice({ failure }: { failure: AuthFailure }) {
  const titleId = useId();
  const when = formatWhen(failure.at);
  return (
    <section
      className="pos-apps-auth-failure"
      aria-labelledby={titleId}
      data-testid={ids.lastFailure}
      data-reason={failure.reason}
    >
      <Icon name="warning" size={20} className="pos-apps-auth-failure__icon" />
      <div className="pos-apps-auth-failure__body">
        <h3 id={titleId} className="pos-apps-auth-failure__title">
          The last authorization failed
          {when && (
            <>
              {' '}
              <time dateTime={failure.at} className="pos-apps-auth-failure__when">
                on {when}
              </time>
            </>
          )}
        </h3>
        <p className="pos-apps-auth-failure__message" data-testid={ids.lastFailureMessage}>
          {failure.message}
        </p>
        <p className="pos-apps-auth-failure__next">
          <strong>What to do next:</strong> {failure.nextStep}
        </p>
      </div>
    </section>
  );
}
