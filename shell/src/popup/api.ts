// The popup's calls to the dashboard api: fetch with the stored bearer token, no axios.
import { cloudStationUrl, DEFAULT_STATION_SLUG } from '@pos/shared/lean';
import { popupApiPaths } from './paths';

/** The dashboard api's base path (the shared client's API_BASE_PATH). */
export const POPUP_API_BASE = '/api/connect-ui';

/** A call that failed: the server's text (its message, else its error) when it gave one. */
export class PopupApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: string | null,
  ) {
    super(message);
    this.name = 'PopupApiError';
  }
}

/** What the popup's calls need. */
export interface PopupApiOptions {
  fetch: typeof fetch;
  token: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : null;

async function call<T>(
  { fetch: fetcher, token }: PopupApiOptions,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetcher(`${POPUP_API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const record =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    throw new PopupApiError(
      `${path} answered ${response.status}`,
      response.status,
      text(record.message) ?? text(record.error) ?? (typeof body === 'string' ? text(body) : null),
    );
  }
  return body as T;
}

/** Spec 8's details of a failed call: the server's text, else the error's message. */
export function detailsOf(error: unknown): string | null {
  if (error instanceof PopupApiError) return error.details;
  return error instanceof Error && error.message ? error.message : null;
}

/** GET /subscription-monitor?freeSubAutoCreate=true: a user without a plan gets the free one. */
export const checkSubscription = (options: PopupApiOptions): Promise<unknown> =>
  call(options, popupApiPaths.subscriptionMonitor);

/** What the store's public index says, as the api's site-check reads it. */
export interface SiteFacts {
  /** The site's title; null when it has none or the index could not be read. */
  name: string | null;
  /** Whether the index lists WooCommerce's REST namespace. */
  isWooCommerce: boolean;
  /** Whether a WordPress index answered at all. */
  reachable: boolean;
}

/** GET /applications/site-check for the store at `homeUrl` (a read: nothing is stored). */
export async function checkSite(options: PopupApiOptions, homeUrl: string): Promise<SiteFacts> {
  const answer = await call<Record<string, unknown>>(options, popupApiPaths.siteCheck(homeUrl));
  return {
    name: text(answer.name),
    isWooCommerce: answer.isWooCommerce === true,
    reachable: typeof answer.siteUrl === 'string',
  };
}

/** What find-or-create answers. */
export interface FoundApplication {
  id: string;
  isVerifiedAuth: boolean;
  authInProgress: boolean;
  authorizeUrl: string | null;
}

/**
 * POST /applications/find-or-create for the store at `homeUrl`, whose own page (at
 * `storeOrigin`) opened the popup: the api refuses any other origin.
 */
export async function findOrCreate(
  options: PopupApiOptions,
  homeUrl: string,
  returnPath: string,
  storeOrigin: string,
): Promise<FoundApplication> {
  const { data } = await call<{ data: Record<string, unknown> }>(
    options,
    popupApiPaths.findOrCreate,
    { method: 'POST', body: { homeUrl, storeOrigin, forceValidation: true, returnPath } },
  );
  return {
    id: String(data.id),
    isVerifiedAuth: data.isVerifiedAuth === true,
    authInProgress: data.authInProgress === true,
    authorizeUrl: typeof data.authorizeUrl === 'string' ? data.authorizeUrl : null,
  };
}

interface StationsAnswer {
  application: { slug: string; homeUrl: string };
  list: { cloudStationSlug: string }[];
}

/**
 * The cloud POS address of the application's default station (its slug is 'pos'), else of its
 * first station, from GET /applications/{id}/stations as mf-stations builds it; null when the
 * store lists no station.
 */
export async function defaultStationUrl(
  options: PopupApiOptions,
  cloudPosUrl: string,
  applicationId: string,
): Promise<{ stationURL: string | null; applicationHomeUrl: string }> {
  const { application, list } = await call<StationsAnswer>(
    options,
    popupApiPaths.stations(applicationId),
  );
  const station =
    list.find((item) => item.cloudStationSlug === DEFAULT_STATION_SLUG) ?? list[0] ?? null;
  return {
    stationURL: station
      ? cloudStationUrl(cloudPosUrl, application.slug, station.cloudStationSlug)
      : null,
    applicationHomeUrl: application.homeUrl,
  };
}
