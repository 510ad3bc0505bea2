import { EventBus, SessionStore } from '@pos/shared/lean';
import type { RemoteEntry, ShellConfig } from '../config/runtimeConfig';
import { SessionManager } from '../session/SessionManager';
import { sessionCookieWriter } from '../session/sessionCookie';
import type { BrowserAdapter } from './browser';

/**
 * Everything the shell's components share, created once per page. The landing path imports
 * @pos/shared's lean entry (`@pos/shared/lean`): the package root pulls the router, axios and
 * the whole UI kit, which only the signed-in shell needs. They are the same modules either way,
 * so the bus and the session still exist once.
 */
export interface ShellServices {
  bus: EventBus;
  session: SessionStore;
  config: ShellConfig;
  remotes: RemoteEntry[];
  sessionManager: SessionManager;
  browser: BrowserAdapter;
}

/**
 * Wires the bus, the session (its HttpOnly cookie set by the api) and the session manager
 * together.
 */
export function createShellServices(
  config: ShellConfig,
  remotes: RemoteEntry[],
  browser: BrowserAdapter,
  fetcher: typeof fetch = (...args) => fetch(...args),
): ShellServices {
  const bus = new EventBus();
  const session = new SessionStore(bus, browser.localStorage, sessionCookieWriter(fetcher));
  const sessionManager = new SessionManager({
    store: session,
    loginProviderUrl: config.loginProviderUrl,
    origin: browser.origin,
    fetch: fetcher,
    redirect: browser.assign,
    sendBeacon:
      typeof navigator !== 'undefined' && navigator.sendBeacon
        ? (url, body) => navigator.sendBeacon(url, body)
        : undefined,
    pageHideTarget: typeof window === 'undefined' ? undefined : window,
  });
  return { bus, session, config, remotes, sessionManager, browser };
}
