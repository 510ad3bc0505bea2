import { safeRedirectPath } from '@pos/shared/lean';
import { useEffect, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { StatusPage } from '../../components/StatusPage';
import { isPopupPath } from '../../popup/paths';
import { forgetRedirect, readRedirect } from '../../session/redirectStore';
import { cloudPosAddress, paths } from '../../urls';

/** Spec 2.1: a POS redirect is followed after this delay, so the new session settles first. */
export const POS_REDIRECT_DELAY_MS = 1_000;

/**
 * /success-login: follows the remembered redirect path — only a same-origin relative one — or
 * goes home, always once the api has set the session cookie (the page it goes to may link to a
 * station). A POS redirect is a cloud POS address `/{appSlug}/{stationSlug}`, which the POS host
 * serves: a full-page load of that path on the configured cloud POS origin, never on one that
 * came with the request. A path of the onboarding popup (/service-onboarding, …) is a page of
 * its own entry, popup.html: a full-page load too.
 */
export function SuccessLoginRoute() {
  const { browser, config, session } = useShell();
  // Read once: following the redirect forgets it, and effects may run twice in development.
  const [stored] = useState(() => readRedirect(browser.sessionStorage));

  useEffect(() => {
    if (stored?.isPosRedirect) {
      let cancelled = false;
      const timer = browser.setTimeout(() => {
        forgetRedirect(browser.sessionStorage);
        const path = safeRedirectPath(stored.path, '');
        if (!path) {
          browser.assign(paths.dashboard);
          return;
        }
        // The POS host reads the session cookie, which the api sets: wait for it too.
        void session.cookieSettled().then(() => {
          if (!cancelled)
            browser.assign(cloudPosAddress(config.cloudPosUrl || browser.origin, path));
        });
      }, POS_REDIRECT_DELAY_MS);
      return () => {
        cancelled = true;
        browser.clearTimeout(timer);
      };
    }
    forgetRedirect(browser.sessionStorage);
    const path = stored ? safeRedirectPath(stored.path) : paths.dashboard;
    // Every page after sign-in may link to a cloud POS address, which reads the session cookie
    // the api sets: nothing is shown until it is in place (a station opened the moment the
    // dashboard appeared asked to sign in again). The onboarding popup's pages are popup.html's,
    // not this app's: a full page load, which would also cut the cookie call short.
    let cancelled = false;
    void session.cookieSettled().then(() => {
      if (cancelled) return;
      if (isPopupPath(path)) browser.assign(path);
      else browser.navigate(path, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [browser, config, session, stored]);

  return <StatusPage heading="Signed in" message="Signing you in…" />;
}
