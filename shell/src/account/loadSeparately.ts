// The four sign-in calls GET /viewer stands for, made only when that call fails other than for
// the session (an api that cannot answer it whole): a chunk of its own, which a normal sign-in
// never loads.
import type { AxiosInstance } from 'axios';
import { fetchIsBanned, fetchPlanState, fetchSettings, fetchUserData } from './accountApi';
import type { Account } from './useAccountState';

/** What the four calls gave: the account (and whether the ban is known), or the settings' failure. */
export type SeparateLoad =
  { ok: true; account: Account; banKnown: boolean } | { ok: false; reason: unknown };

/**
 * Settings, profile, ban and plan, each by its own call. Only the settings are needed: a
 * profile or plan that cannot be read is null (the profile's fallbacks, no plan redirect), a ban
 * that cannot be read is taken as none.
 */
export async function loadSeparately(
  api: AxiosInstance,
  isIframeJoin: boolean,
): Promise<SeparateLoad> {
  const [settings, user, banned, planState] = await Promise.allSettled([
    fetchSettings(api),
    fetchUserData(api),
    fetchIsBanned(api),
    fetchPlanState(api, isIframeJoin),
  ]);
  if (settings.status === 'rejected') return { ok: false, reason: settings.reason };
  return {
    ok: true,
    banKnown: banned.status === 'fulfilled',
    account: {
      settings: settings.value,
      user: user.status === 'fulfilled' ? user.value : null,
      isBanned: banned.status === 'fulfilled' && banned.value,
      planState: planState.status === 'fulfilled' ? planState.value : null,
    },
  };
}
