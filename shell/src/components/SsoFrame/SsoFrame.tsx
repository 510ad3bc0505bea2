import { decodeToken, isLoggedIn } from '@pos/shared/lean';
import { useEffect, useRef, useState } from 'react';
import { useShell } from '../../app/ShellContext';
import { testIds } from '../../testIds';
import { providerOrigin, ssoFrameUrl } from '../../urls';
import { frameMessageOf } from '../frameMessage';

/** Messages the login provider's SSO frame sends (spec 7). */
type ProviderMessage =
  | { type: 'CHECK_USER_LOGGED_IN' }
  | { type: 'CLOSE_IFRAME' }
  | { type: 'SET_TOKEN'; token: unknown };

const readMessage = (data: unknown): ProviderMessage | null => {
  const message = frameMessageOf(data);
  if (message?.type === 'CHECK_USER_LOGGED_IN' || message?.type === 'CLOSE_IFRAME') {
    return { type: message.type };
  }
  if (message?.type === 'SET_TOKEN') return { type: message.type, token: message.token };
  return null;
};

/**
 * The login provider's hidden single sign-on frame (spec 2.10, 7). It asks whether this
 * dashboard has a session and, when the browser is signed in at the provider, hands over a
 * token. Only messages from the provider's exact origin and from this frame's window count.
 */
export function SsoFrame() {
  const { config, session, browser } = useShell();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (!open) return undefined;
    const expectedOrigin = providerOrigin(config.loginProviderUrl);
    const onMessage = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      if (!frameWindow || event.origin !== expectedOrigin || event.source !== frameWindow) return;
      const message = readMessage(event.data);
      if (message?.type === 'CHECK_USER_LOGGED_IN') {
        const loggedIn = isLoggedIn(session.claims);
        frameWindow.postMessage({ type: 'USER_LOGGED_IN', loggedIn }, expectedOrigin);
      } else if (message?.type === 'CLOSE_IFRAME') {
        setOpen(false);
      } else if (message?.type === 'SET_TOKEN') {
        const token = typeof message.token === 'string' ? message.token : null;
        if (token && isLoggedIn(decodeToken(token))) {
          session.setToken(token);
          // The reload would cancel the call that sets the session cookie.
          void session.cookieSettled().then(() => browser.reload());
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [browser, config.loginProviderUrl, open, session]);

  if (!open) return null;
  return (
    <iframe
      ref={frameRef}
      title="Single sign-on"
      src={ssoFrameUrl(config.loginProviderUrl, browser.origin)}
      hidden
      data-testid={testIds.sso.frame}
    />
  );
}
