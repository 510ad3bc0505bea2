import { useEffect, useRef } from 'react';
import { useShell } from '../../app/ShellContext';
import { storageKeys } from '../../app/storageKeys';
import { StatusPage } from '../../components/StatusPage';
import { forgetRedirect } from '../../session/redirectStore';
import { providerLogoutUrl } from '../../urls';

/**
 * /logout: ends the token's session on the server (the api refuses it, and whatever was
 * refreshed from it, from then on), clears the token here, then ends the provider's session
 * too — otherwise its SSO frame would sign the browser straight back in — and the provider
 * sends the browser home.
 */
export function LogoutRoute() {
  const { session, config, browser, sessionManager } = useShell();
  // One trip to the provider per visit of /logout, however often the effect runs (StrictMode);
  // per mount, so a later /logout in the same page signs out again.
  const leaving = useRef(false);

  useEffect(() => {
    if (leaving.current) return;
    leaving.current = true;
    const token = session.token;
    const ended = token ? sessionManager.endSession(token) : Promise.resolve();
    session.setToken(null);
    browser.localStorage.removeItem(storageKeys.iframeJoin);
    forgetRedirect(browser.sessionStorage);
    // Leaving once the server has ended the session and the cookie is cleared: the cloud POS
    // addresses read it.
    void Promise.all([ended, session.cookieSettled()]).then(() =>
      browser.assign(providerLogoutUrl(config.loginProviderUrl, browser.origin)),
    );
  }, [browser, config, session, sessionManager]);

  return <StatusPage heading="Signing out" message="Signing you out…" />;
}
