import type { PlanState, UserData, UserSettings, ViewerAnswer } from '@pos/shared';
import { isAxiosError, type AxiosInstance } from 'axios';
import { isViewerAnswer } from '../firstPaint/viewerData';
import { apiPaths, subscriptionMonitorPath, viewerPath } from '../urls';
import type { Account } from './useAccountState';

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

/** The plan state as the shell keeps it, from /subscription-monitor's answer. */
const toPlanState = (data: Partial<PlanState> | undefined): PlanState => ({
  plan: data?.plan ?? null,
  isHavePaymentMethod: data?.isHavePaymentMethod === true,
  // The plan's order usage (spec 4 plan banners); null when the api sent none.
  usage: data?.usage ?? null,
});

/** The account as the shell keeps it, from GET /viewer's answer. */
export const accountOf = (viewer: ViewerAnswer): Account => ({
  settings: viewer.settings,
  user: viewer.user,
  isBanned: viewer.isBanned === true,
  planState: toPlanState(viewer.subscription),
});

/**
 * GET /viewer: settings, profile, ban and plan in one call, asking for the free plan when the
 * user joined from the iframe. An answer without those parts (not the api's) is a failure.
 */
export const fetchViewer = (api: AxiosInstance, isIframeJoin: boolean): Promise<ViewerAnswer> =>
  api.get<unknown>(viewerPath(isIframeJoin)).then((response) => {
    if (!isViewerAnswer(response.data)) throw new Error('GET /viewer answered no account');
    return response.data;
  });

/** GET /subscription-monitor, asking for the free plan when the user joined from the iframe. */
export const fetchPlanState = (api: AxiosInstance, isIframeJoin: boolean): Promise<PlanState> =>
  api
    .get<PlanState>(subscriptionMonitorPath(isIframeJoin))
    .then((response) => toPlanState(response.data));

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
