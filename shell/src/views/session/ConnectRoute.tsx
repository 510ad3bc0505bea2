import { isLoggedIn } from '@pos/shared/lean';
import { useEffect, useRef } from 'react';
import { useShell } from '../../app/ShellContext';
import { StatusPage } from '../../components/StatusPage';
import { needAccessUrl, paths, providerOrigin } from '../../urls';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** /connect: home, unless a signed-out visitor arrives from the login provider (spec 2.1). */
export function ConnectRoute() {
  const { config, browser, session } = useShell();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const fromProvider = originOf(browser.referrer) === providerOrigin(config.loginProviderUrl);
    if (fromProvider && !isLoggedIn(session.claims)) {
      browser.assign(needAccessUrl(config.loginProviderUrl, browser.origin));
    } else {
      browser.navigate(paths.dashboard, { replace: true });
    }
  }, [browser, config, session]);

  return <StatusPage heading="Connecting" message="Connecting…" />;
}
