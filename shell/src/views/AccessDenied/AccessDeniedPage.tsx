import { Icon } from '@pos/shared/lean';
import { useEffect, useState, type MouseEvent } from 'react';
import { useShell } from '../../app/ShellContext';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { readAccessError, stationAccessUrl } from '../../session/accessError';
import { testIds } from '../../testIds';
import { applicationStationsPath, paths } from '../../urls';
import '../Deactivated/DeactivatedPage.css';
import './AccessDeniedPage.css';

/**
 * /access-denied (spec 2.13): a station could not be opened. Shows the POS host's error text and
 * name, the application's station list and the store's screen that manages access to the station.
 * Without an error (nothing was captured at start) there is nothing to show: home.
 */
export function AccessDeniedPage() {
  const { browser } = useShell();
  const [error] = useState(() => readAccessError(browser.sessionStorage));
  useDocumentTitle(error?.name || 'Access denied');

  useEffect(() => {
    if (!error) browser.navigate(paths.dashboard, { replace: true });
  }, [browser, error]);

  if (!error) return null;

  /** A plain click moves inside the dashboard; a modified one opens a tab as the browser would. */
  const inApp = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    browser.navigate(to);
  };

  return (
    <div className="shell-deactivated shell-access-denied" data-testid={testIds.accessDenied.root}>
      <span className="shell-deactivated__icon" aria-hidden="true">
        <Icon name="shield" size={32} />
      </span>
      <h1 className="shell-deactivated__title">{error.name || 'Access denied'}</h1>
      <p className="shell-deactivated__text">{error.text}</p>
      <ul className="shell-access-denied__links">
        {error.appId && (
          <li>
            <a
              href={applicationStationsPath(error.appId)}
              onClick={(event) => inApp(event, applicationStationsPath(error.appId))}
              data-testid={testIds.accessDenied.stationsLink}
            >
              <Icon name="stations" size={18} />
              <span>View the application's stations</span>
            </a>
          </li>
        )}
        {error.wpHome && error.posId && (
          <li>
            <a
              href={stationAccessUrl(error.wpHome, error.posId)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={testIds.accessDenied.wpAccessLink}
            >
              <Icon name="external" size={18} />
              <span>Manage user access in WordPress</span>
              <span className="pos-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        <li>
          <a
            href={paths.dashboard}
            onClick={(event) => inApp(event, paths.dashboard)}
            data-testid={testIds.accessDenied.homeLink}
          >
            <Icon name="dashboard" size={18} />
            <span>Go to the dashboard</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
