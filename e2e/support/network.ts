import type { Page, Route } from '@playwright/test';

/** A request held on its way to the server until released. */
export interface HeldCall {
  /** Lets the request go on, unchanged (again: nothing). */
  release: () => Promise<void>;
}

/**
 * Holds the page's next session-cookie call (`POST /api/connect-ui/session-cookie`, made when
 * the token changes, e.g. on sign-in) until `release()`, as an api busy with other work answers
 * it late. The call reaches the api unchanged; other calls, and later ones, are not held.
 */
export async function holdSessionCookieCall(page: Page): Promise<HeldCall> {
  const pattern = '**/api/connect-ui/session-cookie';
  let held: Route | null = null;
  let released = false;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST' || held || released) {
      await route.fallback();
      return;
    }
    held = route;
  };
  await page.route(pattern, handler);
  return {
    release: async () => {
      if (released) return;
      released = true;
      await page.unroute(pattern, handler).catch(() => undefined);
      // The page may have left meanwhile, taking the call with it.
      await (held as Route | null)?.continue().catch(() => undefined);
    },
  };
}
