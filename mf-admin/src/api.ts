import type { AxiosInstance } from 'axios';
import { periodFirstDay, periodLastDay } from '@pos/shared';
import type { BlockStatusAnswer, ReleasesOverview, ReleaseStateAnswer } from '@pos/shared';
import { adminApiPaths } from './urls';
import {
  ADMIN_PAGE_SIZE,
  type AdminUserList,
  type AdminUsersQuery,
  type BlockStatus,
  type SubscriptionType,
} from './types';

/**
 * GET admin-panel/users (spec 7). With a range, sends includeDateRange=true, the first day of
 * the start month and the last day of the end month as YYYY-MM-DD.
 */
export async function fetchAdminUsers(
  api: AxiosInstance,
  query: AdminUsersQuery,
  signal?: AbortSignal,
): Promise<AdminUserList> {
  const filter = query.filter.trim();
  const params: Record<string, string | number | boolean> = {
    page: query.page,
    limit: ADMIN_PAGE_SIZE,
    includeDateRange: query.range !== null,
  };
  if (filter) params.filter = filter;
  if (query.range) {
    params.startDate = periodFirstDay(query.range.start);
    params.endDate = periodLastDay(query.range.end);
  }
  const { data } = await api.get<AdminUserList>(adminApiPaths.users, { params, signal });
  return data;
}

/** The number of users on the platform, for the dashboard tile. */
export async function fetchUserTotal(api: AxiosInstance, signal?: AbortSignal): Promise<number> {
  const { data } = await api.get<AdminUserList>(adminApiPaths.users, {
    params: { page: 1, limit: 1, includeDateRange: false },
    signal,
  });
  return data.totalAll;
}

/** PATCH admin-panel/users/{id}/status: blocks or unblocks; resolves to the new status. */
export async function setUserStatus(
  api: AxiosInstance,
  userId: string,
  status: BlockStatus,
): Promise<BlockStatus> {
  const { data } = await api.patch<Partial<BlockStatusAnswer>>(adminApiPaths.userStatus(userId), {
    status,
  });
  return data?.newStatus ?? status;
}

/** PATCH admin-panel/users/{id}/subscription-type. */
export async function setSubscriptionType(
  api: AxiosInstance,
  userId: string,
  type: SubscriptionType,
): Promise<void> {
  await api.patch(adminApiPaths.userSubscriptionType(userId), { type });
}

/** GET admin-panel/releases: every remote's releases and the audit. */
export async function fetchReleases(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<ReleasesOverview> {
  const { data } = await api.get<ReleasesOverview>(adminApiPaths.releases, { signal });
  return data;
}

/** POST admin-panel/releases/{id}/promote: live for everyone (100) or a canary for `share` %. */
export async function promoteRelease(
  api: AxiosInstance,
  releaseId: string,
  share: number,
): Promise<ReleaseStateAnswer> {
  const { data } = await api.post<ReleaseStateAnswer>(adminApiPaths.promote(releaseId), { share });
  return data;
}

/** POST …/remotes/{remote}/rollback: back to the previous live release. */
export async function rollbackRemote(
  api: AxiosInstance,
  remote: string,
): Promise<ReleaseStateAnswer> {
  const { data } = await api.post<ReleaseStateAnswer>(adminApiPaths.rollback(remote));
  return data;
}

/** POST …/remotes/{remote}/withdraw-canary: everyone gets the live release. */
export async function withdrawCanary(
  api: AxiosInstance,
  remote: string,
): Promise<ReleaseStateAnswer> {
  const { data } = await api.post<ReleaseStateAnswer>(adminApiPaths.withdrawCanary(remote));
  return data;
}
