import { Icon } from '@pos/shared/lean';
import { useShell } from '../../app/ShellContext';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import { mailtoUrl } from '../../urls';
import './DeactivatedPage.css';

/** /deactivated (spec 2.1): the account is paused; how to reach support. */
export function DeactivatedPage() {
  const { config } = useShell();
  useDocumentTitle('Account not active');
  return (
    <div className="shell-deactivated" data-testid={testIds.deactivated.root}>
      <span className="shell-deactivated__icon" aria-hidden="true">
        <Icon name="pause" size={32} />
      </span>
      <h1 className="shell-deactivated__title">The account is not active</h1>
      <p className="shell-deactivated__text">
        Stations, applications and the admin panel are paused for this account. Our support team can
        tell you why and help you restore access.
      </p>
      {config.supportEmail && (
        <p className="shell-deactivated__contact">
          <Icon name="mail" size={18} />
          <span>
            Contact support at{' '}
            <a href={mailtoUrl(config.supportEmail)} data-testid={testIds.deactivated.supportLink}>
              {config.supportEmail}
            </a>
          </span>
        </p>
      )}
    </div>
  );
}
