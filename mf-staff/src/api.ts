import { TOTAL_ALL_HEADER } from '@pos/shared';
import type { AxiosInstance } from 'axios';
import {
  STAFF_PAGE_SIZE,
  type Application,
  type NewStaffUser,
  type StaffCreated,
  type StaffPage,
  type StaffRole,
  type StaffSummary,
  type StaffUser,
} from './types';
import { staffApiPaths } from './urls';

/**
 * GET applications: the manager's applications that are verified (authorized, and their store
 * answered the live check), the only ones whose staff can be managed (spec 5).
 */
export async function fetchVerifiedApplications(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<Application[]> {
  const { data } = await api.get<{ list?: Application[] }>(staffApiPaths.applications, { signal });
  return (data.list ?? []).filter((application) => application.isVerifiedAuth);
}

/** Which page of whose staff. */
export interface StaffQuery {
  applicationId: string;
  /** From 1. */
  page: number;
}

/** GET staff/users: one page of an application's staff, 25 a page (spec 9). */
export async function fetchStaff(
  api: AxiosInstance,
  { applicationId, page }: StaffQuery,
  signal?: AbortSignal,
): Promise<StaffPage> {
  const response = await api.get<Partial<StaffPage>>(staffApiPaths.users, {
    params: { applicationId, page, limit: STAFF_PAGE_SIZE },
    signal,
  });
  const data = response.data.data ?? [];
  const header = Number(response.headers[TOTAL_ALL_HEADER]);
  return {
    data,
    isMultiplePluginActive: response.data.isMultiplePluginActive !== false,
    totalAll:
      typeof response.data.totalAll === 'number'
        ? response.data.totalAll
        : Number.isFinite(header) && header >= 0
          ? header
          : data.length,
  };
}

/** POST staff/users: creates the user in the store, then sends the first invitation. */
export async function createStaffUser(
  api: AxiosInstance,
  staffUser: NewStaffUser,
): Promise<StaffCreated> {
  const { data } = await api.post<StaffCreated>(staffApiPaths.users, staffUser);
  return data;
}

/** POST staff/invitations: one more invitation; the server's message and the new count. */
export async function sendStaffInvitation(
  api: AxiosInstance,
  applicationId: string,
  wpUserId: number,
): Promise<{ message: string; invitationCount: number | null }> {
  const { data } = await api.post<Partial<{ message: string; invitationCount: number }>>(
    staffApiPaths.invitations,
    { applicationId, wpUserId },
  );
  return {
    message: data?.message ?? 'The invitation is sent',
    invitationCount: typeof data?.invitationCount === 'number' ? data.invitationCount : null,
  };
}

/** PATCH staff/users/{wpUserId}: the user's POS role in the store becomes `role`. */
export async function changeStaffRole(
  api: AxiosInstance,
  applicationId: string,
  wpUserId: number,
  role: StaffRole,
): Promise<StaffUser> {
  const { data } = await api.patch<{ data: StaffUser }>(staffApiPaths.user(wpUserId), {
    applicationId,
    role,
  });
  return data.data;
}

/** DELETE staff/users/{wpUserId}: every POS role of the user in the store goes; the message. */
export async function removeStaffAccess(
  api: AxiosInstance,
  applicationId: string,
  wpUserId: number,
): Promise<string | null> {
  const { data } = await api.delete<Partial<{ message: string }>>(staffApiPaths.user(wpUserId), {
    params: { applicationId },
  });
  return data?.message ?? null;
}

/** GET staff/summary: how many staff the manager's verified applications have. */
export async function fetchStaffSummary(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<StaffSummary> {
  const { data } = await api.get<StaffSummary>(staffApiPaths.summary, { signal });
  return data;
}
