import { canAccess, type RouteDefinition, type Viewer } from '@pos/shared';
import type { RemoteState } from '../remotes/RemoteRegistry';
import { isSessionPath, isSubscriptionPlansPath, paths } from '../urls';

/**
 * Spec 2.2: where a remote route sends a viewer who may not see it — non-managers from
 * manager routes and non-admins from admin routes go home, and so does a banned account on a
 * route whose banned policy is 'redirect'. Null when the viewer may stay.
 */
export function routeRedirect(
  route: Pick<RouteDefinition, 'access' | 'bannedPolicy'>,
  viewer: Viewer,
): string | null {
  if (!canAccess(route.access, viewer)) return paths.dashboard;
  if (viewer.isBanned && route.bannedPolicy === 'redirect') return paths.dashboard;
  return null;
}

/** A route pattern without its trailing splat: "/applications/*" → "/applications". */
export const routeBase = (pattern: string): string => pattern.replace(/\/\*$/, '') || '/';

/** Whether any remote (by its contract or by its remotes.json prefixes) serves /subscription-plans. */
export function servesSubscriptionPlans(states: readonly RemoteState[]): boolean {
  return states.some(
    (state) =>
      state.remote.routes.some(isSubscriptionPlansPath) ||
      (state.status === 'ready' &&
        state.contract.routes.some((route) => isSubscriptionPlansPath(routeBase(route.path)))),
  );
}

/**
 * Spec 2.2: a signed-in user with no current plan and not on a subscription-plans path goes to
 * /subscription-plans. Nothing is decided while the plan is unknown (null: still loading, or
 * /subscription-monitor could not be read), and the session, deactivated and access-denied
 * pages stay reachable.
 */
export function planRedirect(pathname: string, hasPlan: boolean | null): string | null {
  if (hasPlan !== false) return null;
  if (isSubscriptionPlansPath(pathname) || isSessionPath(pathname)) return null;
  if (pathname === paths.deactivated || pathname === paths.accessDenied) return null;
  return paths.subscriptionPlans;
}
