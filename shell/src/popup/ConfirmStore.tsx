import { Button } from '@pos/shared/ui/Button';
import { POPUP_TEXTS } from './machine';
import { popupTestIds } from './testIds';

/** The signed-in person, as the stored token names them (its name and email claims). */
export interface PopupAccount {
  name: string | null;
  email: string | null;
}

/** Props of {@link ConfirmStore}. */
export interface ConfirmStoreProps {
  /** The store's title from its public index (its host when it has none). */
  siteName: string;
  /** The store's address the request named: the application's home URL. */
  homeUrl: string;
  account: PopupAccount | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Name (email)", or whichever of the two the token has. */
function accountLabel({ name, email }: PopupAccount): string | null {
  if (name && email) return `${name} (${email})`;
  return name || email || null;
}

/**
 * The one explicit step before the popup writes anything (issue 25): which store, at which
 * address, goes to which account. A page of any origin can open the popup naming any store,
 * so the store's own address is shown beside the name it gives itself.
 */
export function ConfirmStore({
  siteName,
  homeUrl,
  account,
  onConfirm,
  onCancel,
}: ConfirmStoreProps) {
  const label = account ? accountLabel(account) : null;
  return (
    <section className="pos-popup__section" data-testid={popupTestIds.confirm}>
      <h1 className="pos-popup__title">{POPUP_TEXTS.confirmTitle}</h1>
      <dl className="pos-popup__store">
        <div>
          <dt>{POPUP_TEXTS.confirmStore}</dt>
          <dd data-testid={popupTestIds.confirmStoreName}>{siteName}</dd>
        </div>
        <div>
          <dt>{POPUP_TEXTS.confirmAddress}</dt>
          <dd className="pos-popup__address" data-testid={popupTestIds.confirmStoreUrl}>
            {homeUrl}
          </dd>
        </div>
      </dl>
      {label && (
        <p data-testid={popupTestIds.confirmAccount}>
          It will be added to the Cloud POS account of <strong>{label}</strong>, and its orders will
          count against that account’s plan.
        </p>
      )}
      <p>{POPUP_TEXTS.confirmWarning}</p>
      <div className="pos-popup__actions">
        <Button data-testid={popupTestIds.confirmButton} onClick={onConfirm}>
          {POPUP_TEXTS.confirm}
        </Button>
        <Button variant="secondary" data-testid={popupTestIds.cancel} onClick={onCancel}>
          {POPUP_TEXTS.cancel}
        </Button>
      </div>
    </section>
  );
}
