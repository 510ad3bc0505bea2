import { Button } from '@pos/shared/ui/Button';
import type { ReactNode } from 'react';
import { POPUP_TEXTS } from './machine';
import { popupTestIds } from './testIds';

/** Spec 8's onboarding error page: its title and details, 'Contact Support' and Close. */
export function PopupError({
  title,
  details,
  onContactSupport,
  closeButton,
}: {
  title: string;
  details: string | null;
  onContactSupport: () => void;
  closeButton: ReactNode;
}) {
  return (
    <section className="pos-popup__section" data-testid={popupTestIds.error}>
      <div role="alert">
        <h1 className="pos-popup__title pos-popup__title--danger">{title}</h1>
        {details && (
          <p className="pos-popup__alert" data-testid={popupTestIds.errorDetails}>
            {details}
          </p>
        )}
      </div>
      <div className="pos-popup__actions">
        <Button data-testid={popupTestIds.contactSupport} onClick={onContactSupport}>
          {POPUP_TEXTS.contactSupport}
        </Button>
        {closeButton}
      </div>
    </section>
  );
}

/** Launch confirm's success: the station's cloud POS address, opened in a new tab. */
export function PopupSuccess({
  stationURL,
  closeButton,
}: {
  stationURL: string;
  closeButton: ReactNode;
}) {
  return (
    <section className="pos-popup__section" data-testid={popupTestIds.success}>
      <h1 className="pos-popup__title">{POPUP_TEXTS.successHeading}</h1>
      <p>{POPUP_TEXTS.successText}</p>
      <p>
        <a
          className="pos-popup__link"
          href={stationURL}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={popupTestIds.stationLink}
        >
          {stationURL}
        </a>
      </p>
      <div className="pos-popup__actions">{closeButton}</div>
    </section>
  );
}
