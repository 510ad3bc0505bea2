import {
  TOTAL_ALL_HEADER,
  type ApplicationAnswer,
  type ApplicationUpdateAnswer,
  type AuthStatusAnswer,
  type InvitationAnswer,
} from '@pos/shared';
import type { AxiosInstance } from 'axios';
import { applicationsApiPaths } from './urls';
import {
  SHARED_USERS_PAGE_SIZE,
  type Application,
  type ApplicationChange,
  type ApplicationList,
  type InvitationRequest,
  type NewApplication,
  type SharedUsersPage,
  type SiteCheck,
  type UserAccounts,
} from './types';

/** GET applications: the manager's applications and list-level errors (spec 7, 8). */
export async function fetchApplications(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<ApplicationList> {
  const { data } = await api.get<Partial<ApplicationList>>(applicationsApiPaths.list, { signal });
  return { list: data.list ?? [], error: data.error ?? [] };
}

/** GET applications/{id}: one application, checked live against its store. */
export async function fetchApplication(
  api: AxiosInstance,
  applicationId: string,
  signal?: AbortSignal,
): Promise<Application> {
  const { data } = await api.get<ApplicationAnswer>(
    applicationsApiPaths.application(applicationId),
    { signal },
  );
  return data.data;
}

/** POST applications {name, homeUrl}. */
export async function createApplication(
  api: AxiosInstance,
  application: NewApplication,
): Promise<Application> {
  const { data } = await api.post<ApplicationAnswer>(applicationsApiPaths.list, application);
  return data.data;
}

/**
 * PUT applications/{id} with one change. Resolves to the application the server holds now and,
 * after a disconnect, the server's message and whether the store's key was revoked.
 */
export async function updateApplication(
  api: AxiosInstance,
  applicationId: string,
  change: ApplicationChange,
): Promise<{ application: Application; message: string | null; keyRevoked: boolean | null }> {
  const { data } = await api.put<ApplicationUpdateAnswer>(
    applicationsApiPaths.application(applicationId),
    change,
  );
  return {
    application: data.data,
    message: data.message ?? null,
    keyRevoked: typeof data.keyRevoked === 'boolean' ? data.keyRevoked : null,
  };
}

/**
 * PUT applications/{id}/auth-status. `true` starts an authorization and brings back the store's
 * authorize URL; `false` drops the pending one.
 */
export async function setAuthInProgress(
  api: AxiosInstance,
  applicationId: string,
  authInProgress: boolean,
): Promise<{ authInProgress: boolean; authorizeUrl: string | null }> {
  const { data } = await api.put<Partial<AuthStatusAnswer>>(
    applicationsApiPaths.authStatus(applicationId),
    { authInProgress },
  );
  return {
    authInProgress: data?.data?.authInProgress ?? authInProgress,
    authorizeUrl: data?.data?.authorizeUrl ?? null,
  };
}

/**
 * DELETE applications/{id}. Resolves to whether the store revoked the application's key: null
 * when it held none (204), false when the key is still active on the store.
 */
export async function deleteApplication(
  api: AxiosInstance,
  applicationId: string,
): Promise<{ keyRevoked: boolean | null }> {
  const { data } = await api.delete<{ keyRevoked?: unknown } | null>(
    applicationsApiPaths.application(applicationId),
  );
  return { keyRevoked: typeof data?.keyRevoked === 'boolean' ? data.keyRevoked : null };
}

/** GET applications/{id}/user-accounts: one page of the 'Shared with' table. */
export async function fetchSharedUsers(
  api: AxiosInstance,
  applicationId: string,
  page: number,
  signal?: AbortSignal,
): Promise<SharedUsersPage> {
  const response = await api.get<UserAccounts>(applicationsApiPaths.userAccounts(applicationId), {
    params: { page, limit: SHARED_USERS_PAGE_SIZE },
    signal,
  });
  const { userAccounts, isMultiplePluginActive } = response.data;
  const pos = userAccounts?.pos ?? [];
  const wp = userAccounts?.wp ?? [];
  const header = Number(response.headers[TOTAL_ALL_HEADER]);
  return {
    pos,
    wp,
    isMultiplePluginActive: Boolean(isMultiplePluginActive),
    totalAll: Number.isFinite(header) && header >= 0 ? header : pos.length + wp.length,
  };
}

/** POST send-invite-email: resolves to the server's message and the user's new count. */
export async function sendInvitation(
  api: AxiosInstance,
  invitation: InvitationRequest,
): Promise<{ message: string; invitationCount: number | null }> {
  const { data } = await api.post<Partial<InvitationAnswer>>(
    applicationsApiPaths.sendInviteEmail,
    invitation,
  );
  return {
    message: data?.message ?? 'The invitation is sent',
    invitationCount: typeof data?.invitationCount === 'number' ? data.invitationCount : null,
  };
}

/**
 * GET applications/site-check: what the site at a typed address says about itself (its own
 * home URL, whether it runs WooCommerce). `https://` is assumed when no scheme was typed.
 */
export async function checkSite(
  api: AxiosInstance,
  url: string,
  signal?: AbortSignal,
): Promise<SiteCheck> {
  const { data } = await api.get<SiteCheck>(applicationsApiPaths.siteCheck, {
    params: { url },
    signal,
  });
  return data;
}
