import { decodeToken, nowSeconds } from '@pos/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useShell } from '../../app/ShellContext';
import { storageKeys } from '../../app/storageKeys';
import { StatusPage } from '../../components/StatusPage';
import { paths } from '../../urls';

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
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const claims = decodeToken(token);
    if (!token || !claims || claims.exp <= nowSeconds()) {
      bus.emit('notify', { status: 'danger', message: INVALID_SIGN_IN_LINK });
      navigate(paths.dashboard, { replace: true });
      return;
    }
    const iframeJoin = searchParams.get('isIframeJoin');
    if (iframeJoin === 'true' || iframeJoin === '1') {
      browser.localStorage.setItem(storageKeys.iframeJoin, 'true');
    } else {
      browser.localStorage.removeItem(storageKeys.iframeJoin);
    }
    session.setToken(token);
    navigate(paths.successLogin, { replace: true });
  }, [browser, bus, navigate, searchParams, session, token]);

  return <StatusPage heading="Signing in" message="Signing you in…" />;
}
