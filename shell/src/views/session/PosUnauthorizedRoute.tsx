import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShell } from '../../app/ShellContext';
import { StatusPage } from '../../components/StatusPage';
import { forgetRedirect, rememberRedirect } from '../../session/redirectStore';
import { needAccessUrl } from '../../urls';

/**
 * /pos-unauthorized?redirectPath=…: the server sends here a visitor of a POS page who is not
 * signed in. The path is remembered (checked only when followed) and the visitor signs in.
 */
export function PosUnauthorizedRoute() {
  const { config, browser } = useShell();
  const [searchParams] = useSearchParams();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const redirectPath = searchParams.get('redirectPath');
    if (redirectPath) rememberRedirect(browser.sessionStorage, redirectPath, true);
    else forgetRedirect(browser.sessionStorage);
    browser.assign(needAccessUrl(config.loginProviderUrl, browser.origin));
  }, [browser, config, searchParams]);

  return <StatusPage heading="Sign in required" message="Taking you to sign in…" />;
}
