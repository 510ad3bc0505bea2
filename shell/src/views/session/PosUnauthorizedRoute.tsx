import { useEffect, useRef } from 'react';
import { useShell } from '../../app/ShellContext';
import { useBrowserLocation } from '../../app/useBrowserLocation';
import { StatusPage } from '../../components/StatusPage';
import { forgetRedirect, rememberRedirect } from '../../session/redirectStore';
import { needAccessUrl } from '../../urls';

/**
 * /pos-unauthorized?redirectPath=…: the server sends here a visitor of a POS page who is not
 * signed in. The path is remembered (checked only when followed) and the visitor signs in.
 */
export function PosUnauthorizedRoute() {
  const { config, browser } = useShell();
  const { search } = useBrowserLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const redirectPath = new URLSearchParams(search).get('redirectPath');
    if (redirectPath) rememberRedirect(browser.sessionStorage, redirectPath, true);
    else forgetRedirect(browser.sessionStorage);
    browser.assign(needAccessUrl(config.loginProviderUrl, browser.origin));
  }, [browser, config, search]);

  return <StatusPage heading="Sign in required" message="Taking you to sign in…" />;
}
