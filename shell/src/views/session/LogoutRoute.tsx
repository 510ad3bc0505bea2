import { useEffect } from 'react';
import { useShell } from '../../app/ShellContext';
import { storageKeys } from '../../app/storageKeys';
import { StatusPage } from '../../components/StatusPage';
import { forgetRedirect } from '../../session/redirectStore';
import { providerLogoutUrl } from '../../urls';

// The page is on its way to the provider: one trip is enough, however often this renders.
let leaving = false;

/**
 * /logout: clears the token here, then ends the provider's session too — otherwise its SSO
 * frame would sign the browser straight back in — and the provider sends the browser home.
 */
export function LogoutRoute() {
  const { session, config, browser } = useShell();

  useEffect(() => {
    if (leaving) return;
    leaving = true;
    session.setToken(null);
    browser.localStorage.removeItem(storageKeys.iframeJoin);
    forgetRedirect(browser.sessionStorage);
    browser.assign(providerLogoutUrl(config.loginProviderUrl, browser.origin));
  }, [browser, config, session]);

  return <StatusPage heading="Signing out" message="Signing you out…" />;
}
