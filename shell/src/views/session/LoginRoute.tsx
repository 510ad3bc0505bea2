import { decodeToken, isLoggedIn, nowSeconds, type AuthTokenClaims } from '@pos/shared/lean';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { storageKeys } from '../../app/storageKeys';
import { useBrowserLocation } from '../../app/useBrowserLocation';
import { StatusPage } from '../../components/StatusPage';
import { loginTokenFromPath, paths } from '../../urls';
import { SwitchAccountPage } from './SwitchAccountPage';

/** The bubble shown when /login/:token carries a token that cannot be used. */
export const INVALID_SIGN_IN_LINK =
  'This sign-in link is invalid or has expired. Please sign in again.';

/** What /login/:token does with its token. */
type LoginDecision =
  | { kind: 'invalid' }
  | { kind: 'sign-in'; token: string }
  /** Another account is signed in: nothing changes until the person chooses. */
  | { kind: 'ask'; token: string; current: AuthTokenClaims; next: AuthTokenClaims };

/**
 * Spec 5: the token must decode and be unexpired. Issue 25 (login CSRF): a link of another
 * account than the one signed in (its `sub`) is asked about; the same account, or nobody signed
 * in, signs in at once.
 */
function decide(token: string | null, current: AuthTokenClaims | null): LoginDecision {
  const next = decodeToken(token);
  if (!token || !next || next.exp <= nowSeconds()) return { kind: 'invalid' };
  if (current && isLoggedIn(current) && current.sub !== next.sub) {
    return { kind: 'ask', token, current, next };
  }
  return { kind: 'sign-in', token };
}

/**
 * /login/:token?isIframeJoin=…: where the login provider sends the browser after sign-in. The
 * token is stored and the user goes on to /success-login; a link of another account than the
 * one signed in asks first, showing both; anything unusable goes home with a danger bubble.
 */
export function LoginRoute() {
  const { session, bus, browser } = useShell();
  const { pathname, search } = useBrowserLocation();
  // Decided once, against the account signed in when the link was opened.
  const [decision] = useState(() =>
    decide(loginTokenFromPath(pathname), decodeToken(session.token)),
  );
  const handled = useRef(false);

  const signIn = useCallback(
    (token: string) => {
      const iframeJoin = new URLSearchParams(search).get('isIframeJoin');
      if (iframeJoin === 'true' || iframeJoin === '1') {
        browser.localStorage.setItem(storageKeys.iframeJoin, 'true');
      } else {
        browser.localStorage.removeItem(storageKeys.iframeJoin);
      }
      session.setToken(token);
      browser.navigate(paths.successLogin, { replace: true });
    },
    [browser, search, session],
  );

  useEffect(() => {
    if (handled.current || decision.kind === 'ask') return;
    handled.current = true;
    if (decision.kind === 'invalid') {
      bus.emit('notify', { status: 'danger', message: INVALID_SIGN_IN_LINK });
      browser.navigate(paths.dashboard, { replace: true });
      return;
    }
    signIn(decision.token);
  }, [browser, bus, decision, signIn]);

  if (decision.kind === 'ask') {
    return (
      <SwitchAccountPage
        current={decision.current}
        next={decision.next}
        onSwitch={() => signIn(decision.token)}
        onStay={() => browser.navigate(paths.dashboard, { replace: true })}
      />
    );
  }
  return <StatusPage heading="Signing in" message="Signing you in…" />;
}
