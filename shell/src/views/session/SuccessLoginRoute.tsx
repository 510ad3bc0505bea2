import { safeRedirectPath } from '@pos/shared/src/session/redirect';
import { useEffect, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { StatusPage } from '../../components/StatusPage';
import { forgetRedirect, readRedirect } from '../../session/redirectStore';
import { paths } from '../../urls';

/** Spec 2.1: a POS redirect is followed after this delay, so the new session settles first. */
export const POS_REDIRECT_DELAY_MS = 1_000;

/**
 * /success-login: follows the remembered redirect path — only a same-origin relative one — or
 * goes home. A POS redirect may be a page the server renders, so it is a full-page load.
 */
export function SuccessLoginRoute() {
  const { browser } = useShell();
  // Read once: following the redirect forgets it, and effects may run twice in development.
  const [stored] = useState(() => readRedirect(browser.sessionStorage));

  useEffect(() => {
    if (stored?.isPosRedirect) {
      const timer = browser.setTimeout(() => {
        forgetRedirect(browser.sessionStorage);
        browser.assign(safeRedirectPath(stored.path));
      }, POS_REDIRECT_DELAY_MS);
      return () => browser.clearTimeout(timer);
    }
    forgetRedirect(browser.sessionStorage);
    browser.navigate(stored ? safeRedirectPath(stored.path) : paths.dashboard, { replace: true });
    return undefined;
  }, [browser, stored]);

  return <StatusPage heading="Signed in" message="Signing you in…" />;
}
