import type { PlanState, UserData, UserSettings } from '@pos/shared';
import { isAxiosError, type AxiosInstance } from 'axios';
import { apiPaths, subscriptionMonitorPath } from '../urls';

/** GET /user-settings. */
export const fetchSettings = (api: AxiosInstance): Promise<UserSettings> =>
  api.get<UserSettings>(apiPaths.userSettings).then((response) => response.data);

/** GET /user-data. */
export const fetchUserData = (api: AxiosInstance): Promise<UserData> =>
  api.get<UserData>(apiPaths.userData).then((response) => response.data);

/** GET /check-ban: whether the account is banned. */
export const fetchIsBanned = (api: AxiosInstance): Promise<boolean> =>
  api
    .get<{ isBanned?: unknown }>(apiPaths.checkBan)
    .then((response) => response.data?.isBanned === true);

/** GET /subscription-monitor, asking for the free plan when the user joined from the iframe. */
export const fetchPlanState = (api: AxiosInstance, isIframeJoin: boolean): Promise<PlanState> =>
  api.get<PlanState>(subscriptionMonitorPath(isIframeJoin)).then((response) => ({
    plan: response.data?.plan ?? null,
    isHavePaymentMethod: response.data?.isHavePaymentMethod === true,
    // The plan's order usage (spec 4 plan banners); null when the api sent none.
    usage: response.data?.usage ?? null,
  }));

/** POST /resend-activation-email. */
export const resendActivationEmail = (api: AxiosInstance): Promise<unknown> =>
  api.post(apiPaths.resendActivationEmail);

/** Spec 8: ERR_UNAUTHORIZED on /user-settings — the api no longer accepts this session. */
export function isUnauthorized(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  if (error.response?.status === 401) return true;
  const data = error.response?.data as
    { code?: unknown; error?: unknown; message?: unknown } | undefined;
  return [data?.code, data?.error, data?.message].includes('ERR_UNAUTHORIZED');
}
