import { decodeToken, nowSeconds } from '@pos/shared/lean';
import { useEffect, useRef } from 'react';
import { useShell } from '../../app/ShellContext';
import { storageKeys } from '../../app/storageKeys';
import { useBrowserLocation } from '../../app/useBrowserLocation';
import { StatusPage } from '../../components/StatusPage';
import { loginTokenFromPath, paths } from '../../urls';

/** The bubble shown when /login/:token carries a token that cannot be used. */
export const INVALID_SIGN_IN_LINK =
  'This sign-in link is invalid or has expired. Please sign in again.';

/**
 * /login/:token?isIframeJoin=…: where the login provider sends the browser after sign-in.
 * Spec 5: the token must decode and be unexpired; it is stored and the user goes on to
 * /success-login. Anything else goes home with a danger bubble.
 */
export function LoginRoute() {
  const { session, bus, browser } = useShell();
  const { pathname, search } = useBrowserLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const token = loginTokenFromPath(pathname);
    const claims = decodeToken(token);
    if (!token || !claims || claims.exp <= nowSeconds()) {
      bus.emit('notify', { status: 'danger', message: INVALID_SIGN_IN_LINK });
      browser.navigate(paths.dashboard, { replace: true });
      return;
    }
    const iframeJoin = new URLSearchParams(search).get('isIframeJoin');
    if (iframeJoin === 'true' || iframeJoin === '1') {
      browser.localStorage.setItem(storageKeys.iframeJoin, 'true');
    } else {
      browser.localStorage.removeItem(storageKeys.iframeJoin);
    }
    session.setToken(token);
    browser.navigate(paths.successLogin, { replace: true });
  }, [browser, bus, pathname, search, session]);

  return <StatusPage heading="Signing in" message="Signing you in…" />;
}
