import { EventBus, SessionStore, createApiClient } from '@pos/shared';
import type { AxiosInstance } from 'axios';
import type { ShellConfig, RemoteEntry } from '../config/runtimeConfig';
import { SessionManager } from '../session/SessionManager';
import type { BrowserAdapter } from './browser';

/** Everything the shell's components share, created once per page. */
export interface ShellServices {
  bus: EventBus;
  session: SessionStore;
  api: AxiosInstance;
  config: ShellConfig;
  remotes: RemoteEntry[];
  sessionManager: SessionManager;
  browser: BrowserAdapter;
}

/** Wires the bus, the session, the api client and the session manager together. */
export function createShellServices(
  config: ShellConfig,
  remotes: RemoteEntry[],
  browser: BrowserAdapter,
  fetcher: typeof fetch = (...args) => fetch(...args),
): ShellServices {
  const bus = new EventBus();
  const session = new SessionStore(bus, browser.localStorage);
  const api = createApiClient(session, bus);
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
  return { bus, session, api, config, remotes, sessionManager, browser };
}
