import {
  apiErrorMessage,
  decodeToken,
  type PlanState,
  type UserData,
  type UserSettings,
} from '@pos/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShell } from '../app/ShellContext';
import { takeEmbeddedViewer } from '../firstPaint/viewerData';
import { useApi } from './ApiContext';
import { storageKeys } from '../app/storageKeys';
import { needAccessUrl } from '../urls';
import {
  accountOf,
  fetchIsBanned,
  fetchPlanState,
  fetchSettings,
  fetchUserData,
  fetchViewer,
  isUnauthorized,
} from './accountApi';

/** Whether the user joined from the onboarding iframe (remembered by /login/:token). */
const readIframeJoin = (storage: Storage): boolean =>
  storage.getItem(storageKeys.iframeJoin) === 'true';

/** What the shell knows about the signed-in account. */
export interface Account {
  settings: UserSettings;
  /** Null when /user-data could not be read: the profile shows its fallbacks. */
  user: UserData | null;
  isBanned: boolean;
  /** Null when /subscription-monitor could not be read: no plan redirect is made then. */
  planState: PlanState | null;
  /**
   * True while the plan is re-read after `plan-changed`: what is known may be out of date (e.g.
   * the first plan was just chosen), so no plan redirect is made meanwhile.
   */
  planRefreshing?: boolean;
}

/** Loading the account: the shell shows 'Loading…' until it is ready. */
export type AccountLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; account: Account };

/**
 * The account the first-paint server embedded in the page, when it is this session's, fresh
 * (firstPaint/viewerData.ts) and answers what this sign-in asks: after an iframe join the free
 * plan is to be made, which only the api's own call does.
 */
function embeddedAccount(
  doc: Document | undefined,
  token: string | null,
  isIframeJoin: boolean,
): Account | null {
  if (!doc) return null;
  const viewer = takeEmbeddedViewer(doc, decodeToken(token)?.sub ?? null, performance.now());
  if (!viewer || (isIframeJoin && viewer.subscription.plan == null)) return null;
  return accountOf(viewer);
}

/**
 * Loads the account on sign-in (settings, profile, ban, plan) and keeps it current. The first
 * load takes the account the first paint embedded in the page while it is fresh, else asks GET
 * /viewer (one call); should that fail other than for the session, the four calls it stands for
 * are made, each failure but the settings' tolerated (the profile's fallbacks, no plan
 * redirect). `check-ban`
 * re-checks the ban and emits `ban-changed`, `plan-changed` and `settings-changed` reload theirs,
 * and `orders-changed` reloads the plan's usage.
 */
export function useAccountState(): { load: AccountLoad; retry: () => void } {
  const { bus, browser, config, session } = useShell();
  const api = useApi();
  // Read once, on the first render: the live page can then show at once, behind the first paint.
  const embedded = useRef<Account | null | undefined>(undefined);
  if (embedded.current === undefined) {
    embedded.current = embeddedAccount(
      typeof document === 'undefined' ? undefined : document,
      session.token,
      readIframeJoin(browser.localStorage),
    );
  }
  const [load, setLoad] = useState<AccountLoad>(() =>
    embedded.current ? { status: 'ready', account: embedded.current } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const update = useCallback((change: (account: Account) => Account) => {
    if (!alive.current) return;
    setLoad((current) =>
      current.status === 'ready' ? { status: 'ready', account: change(current.account) } : current,
    );
  }, []);

  useEffect(() => {
    const given = embedded.current;
    // Only the first load may take it: a retry asks the api.
    embedded.current = null;
    if (given) {
      bus.emit('ban-changed', { isBanned: given.isBanned });
      return undefined;
    }
    let cancelled = false;
    const isIframeJoin = readIframeJoin(browser.localStorage);
    const toNeedAccess = () =>
      browser.assign(needAccessUrl(config.loginProviderUrl, browser.origin));
    setLoad({ status: 'loading' });
    const separately = () =>
      Promise.allSettled([
        fetchSettings(api),
        fetchUserData(api),
        fetchIsBanned(api),
        fetchPlanState(api, isIframeJoin),
      ]).then(([settings, user, banned, planState]) => {
        if (cancelled) return;
        if (settings.status === 'rejected') {
          if (isUnauthorized(settings.reason)) {
            toNeedAccess();
            return;
          }
          setLoad({
            status: 'failed',
            message: apiErrorMessage(settings.reason, 'Your account could not be loaded.'),
          });
          return;
        }
        const isBanned = banned.status === 'fulfilled' && banned.value;
        setLoad({
          status: 'ready',
          account: {
            settings: settings.value,
            user: user.status === 'fulfilled' ? user.value : null,
            isBanned,
            planState: planState.status === 'fulfilled' ? planState.value : null,
          },
        });
        if (banned.status === 'fulfilled') bus.emit('ban-changed', { isBanned });
      });
    fetchViewer(api, isIframeJoin).then(
      (viewer) => {
        if (cancelled) return;
        const account = accountOf(viewer);
        setLoad({ status: 'ready', account });
        bus.emit('ban-changed', { isBanned: account.isBanned });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (isUnauthorized(error)) toNeedAccess();
        else void separately();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, browser, bus, config.loginProviderUrl, attempt]);

  useEffect(() => {
    // Each kind of reload keeps only its latest answer: an older request that is slow to come
    // back must not overwrite what a newer one already showed (e.g. a ban lifted meanwhile).
    const latest = { ban: 0, plan: 0, settings: 0 };
    const reload = <T>(
      kind: keyof typeof latest,
      fetch: () => Promise<T>,
      apply: (value: T) => void,
      fail: () => void = () => undefined,
    ) => {
      latest[kind] += 1;
      const request = latest[kind];
      fetch().then(
        (value) => {
          if (request === latest[kind]) apply(value);
        },
        () => {
          if (request === latest[kind]) fail();
        },
      );
    };
    const checkBan = bus.on('check-ban', () =>
      reload(
        'ban',
        () => fetchIsBanned(api),
        (isBanned) => {
          update((account) => ({ ...account, isBanned }));
          bus.emit('ban-changed', { isBanned });
        },
      ),
    );
    const planChanged = bus.on('plan-changed', () => {
      update((account) => ({ ...account, planRefreshing: true }));
      reload(
        'plan',
        () => fetchPlanState(api, readIframeJoin(browser.localStorage)),
        (planState) => update((account) => ({ ...account, planState, planRefreshing: false })),
        // The plan stays as last read; the guard decides on it again.
        () => update((account) => ({ ...account, planRefreshing: false })),
      );
    });
    // An order counts against the plan's limit: the usage (and its banner) follows live. It is
    // the newest plan read, so it also ends a plan-changed refresh it supersedes.
    const ordersChanged = bus.on('orders-changed', () =>
      reload(
        'plan',
        () => fetchPlanState(api, readIframeJoin(browser.localStorage)),
        (planState) => update((account) => ({ ...account, planState, planRefreshing: false })),
        () => update((account) => ({ ...account, planRefreshing: false })),
      ),
    );
    const settingsChanged = bus.on('settings-changed', () =>
      reload(
        'settings',
        () => fetchSettings(api),
        (settings) => update((account) => ({ ...account, settings })),
      ),
    );
    return () => {
      // Answers still on their way belong to a bus or client that is gone.
      latest.ban += 1;
      latest.plan += 1;
      latest.settings += 1;
      checkBan.unsubscribe();
      planChanged.unsubscribe();
      ordersChanged.unsubscribe();
      settingsChanged.unsubscribe();
    };
  }, [api, browser, bus, update]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, retry };
}
