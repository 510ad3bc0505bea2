import { cx } from '@pos/shared/lean';
import { useShell } from '../../app/ShellContext';
import { PRODUCT_NAME } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import { BROWSERS, PLATFORMS, PlatformIcon, type PlatformName } from '../icons';
import './Footer.css';

function SupportList({ label, names }: { label: string; names: readonly PlatformName[] }) {
  return (
    <div className="shell-footer__support-group">
      <span className="shell-footer__support-label">{label}</span>
      <ul className="shell-footer__support-list">
        {names.map((name) => (
          <li key={name}>
            <PlatformIcon name={name} size={16} decorative />
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer of every page: the browser/platform support block and the legal links. */
export function Footer({ className }: { className?: string }) {
  const { config } = useShell();
  return (
    <footer className={cx('shell-footer', className)} data-testid={testIds.footer.root}>
      <div className="shell-footer__support" data-testid={testIds.footer.support}>
        <SupportList label="Supported browsers" names={BROWSERS} />
        <SupportList label="Apps for" names={PLATFORMS} />
      </div>
      <div className="shell-footer__legal">
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </span>
        <ul className="shell-footer__links" aria-label="Legal">
          <li>
            <a href={config.links.privacy} data-testid={testIds.footer.privacy}>
              Privacy
            </a>
          </li>
          <li>
            <a href={config.links.terms} data-testid={testIds.footer.terms}>
              Terms
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
