import { isAxiosError, type AxiosInstance } from 'axios';
import type {
  ActivityPage,
  Application,
  FeedVerification,
  OrderCounts,
  UsageAnalytics,
} from './types';
import { analyticsApiPaths } from './urls';

/** The viewer's IANA time zone: the api counts days, hours and months in it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Query of the order counts: one application or all own ones (appId absent), on `date`. */
export interface OrderCountsQuery {
  appId: string | null;
  /** YYYY-MM-DD in the viewer's time zone. */
  date: string;
}

/** GET analytics/orders: orders on the day, in its month and all time. */
export async function fetchOrderCounts(
  api: AxiosInstance,
  { appId, date }: OrderCountsQuery,
  signal?: AbortSignal,
): Promise<OrderCounts> {
  const { data } = await api.get<OrderCounts>(analyticsApiPaths.orders, {
    params: { ...(appId ? { appId } : {}), date, tz: viewerTimeZone() },
    signal,
  });
  return data;
}

/** Query of the usage analytics: one application or all, a range of days (both included). */
export interface UsageQuery {
  appId: string | null;
  from: string;
  to: string;
}

/** GET analytics/usage: every chart's data for the range, in the viewer's time zone. */
export async function fetchUsage(
  api: AxiosInstance,
  { appId, from, to }: UsageQuery,
  signal?: AbortSignal,
): Promise<UsageAnalytics> {
  const { data } = await api.get<UsageAnalytics>(analyticsApiPaths.usage, {
    params: { ...(appId ? { appId } : {}), from, to, tz: viewerTimeZone() },
    signal,
  });
  return data;
}

/** GET applications: the viewer's applications, for the application selector. */
export async function fetchApplications(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<Application[]> {
  const { data } = await api.get<{ list?: Application[] }>(analyticsApiPaths.applications, {
    signal,
  });
  return data.list ?? [];
}

/** GET activities-list: page `page` (from 1) of `limit` entries, newest first. */
export async function fetchActivities(
  api: AxiosInstance,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const { data } = await api.get<Partial<ActivityPage>>(analyticsApiPaths.activitiesList, {
    params: { page, limit },
    signal,
  });
  return { data: data.data ?? [], totalAll: data.totalAll ?? 0 };
}

/**
 * GET activities/verify?full=true: walks the viewer's whole hash chain and names the first
 * broken entry. Always the full walk: an entry edited before the api's checkpoint must be found
 * by the one button the owner has (the api paces runs to one per user every 10 s).
 */
export async function verifyActivities(api: AxiosInstance): Promise<FeedVerification> {
  const { data } = await api.get<FeedVerification>(analyticsApiPaths.verifyActivities, {
    params: { full: true },
  });
  return data;
}

/**
 * GET activities/export: the feed of a period as CSV. Fetched through the api client (a plain
 * link could not carry the bearer token), then handed to the browser as a download.
 */
export async function fetchActivitiesCsv(
  api: AxiosInstance,
  { from, to }: { from: string; to: string },
): Promise<Blob> {
  try {
    const { data } = await api.get<Blob>(analyticsApiPaths.exportActivities, {
      params: { from, to, tz: viewerTimeZone() },
      responseType: 'blob',
    });
    return data instanceof Blob ? data : new Blob([String(data)], { type: 'text/csv' });
  } catch (error) {
    throw await withJsonErrorBody(error);
  }
}

/**
 * A blob request's error answer arrives as a Blob too: its JSON body ({ message }) is read back
 * into the error, so the api's words (e.g. 'The period must not exceed 366 days') can be shown.
 */
async function withJsonErrorBody(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !(error.response?.data instanceof Blob)) return error;
  try {
    error.response.data = JSON.parse(await blobText(error.response.data)) as unknown;
  } catch {
    // Not JSON (a proxy's HTML page): the error stays as it came.
  }
  return error;
}

/** A blob's text (FileReader where Blob#text is missing, as in older engines and jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable answer'));
    reader.readAsText(blob);
  });
}

/** The api's own words in a failed call's answer, or null when it gave none. */
export function apiMessageOrNull(error: unknown): string | null {
  if (!isAxiosError(error)) return null;
  const data = error.response?.data as { message?: unknown } | undefined;
  return data && typeof data.message === 'string' && data.message ? data.message : null;
}

/** Saves `blob` as `fileName` through a temporary object URL and link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
