import { authorize } from './auth';
import { StoreHttpError, StoreUnreachableError } from './errors';
import {
  invitationBody,
  stationChangeBody,
  toConnection,
  toHttpError,
  toSiteInfo,
  toStation,
  toWpUser,
} from './mapping';
import type {
  SiteInfo,
  StationChange,
  StoreConnection,
  StoreCredentials,
  StoreInvitation,
  StoreStation,
  WpUser,
} from './model';
import type { RawResponse, TransportOptions } from './transport';
import { createTransport } from './transport';

/** Most users {@link StoreClient.allUsers} reads from a store. */
export const MAX_STORE_USERS = 1000;

/** Calls to a WooCommerce site: its REST API (v3 and the POS plugin) and its public index. */
export interface StoreClient {
  /**
   * The public index `GET {homeUrl}/wp-json/`. StoreUnreachableError when nothing answered;
   * StoreHttpError when the site answered without a WordPress index (an error or not JSON).
   */
  siteInfo(homeUrl: string): Promise<SiteInfo>;
  connection(homeUrl: string, credentials: StoreCredentials): Promise<StoreConnection>;
  users(
    homeUrl: string,
    credentials: StoreCredentials,
    page: number,
    perPage: number,
  ): Promise<{ users: WpUser[]; total: number }>;
  user(homeUrl: string, credentials: StoreCredentials, id: number): Promise<WpUser>;
  sendInvitation(
    homeUrl: string,
    credentials: StoreCredentials,
    invitation: StoreInvitation,
  ): Promise<void>;
  stations(homeUrl: string, credentials: StoreCredentials): Promise<StoreStation[]>;
  /** `PUT stations/{posId}`; StoreHttpError 404 when the station is gone. */
  updateStation(
    homeUrl: string,
    credentials: StoreCredentials,
    posId: number,
    change: StationChange,
  ): Promise<StoreStation>;
  /** Every POS user of the store, page after page, at most `max` ({@link MAX_STORE_USERS}). */
  allUsers(homeUrl: string, credentials: StoreCredentials, max?: number): Promise<WpUser[]>;
}

/** Options of {@link createStoreClient}. */
export type StoreClientOptions = TransportOptions;

/** The HTTP client of WooCommerce sites (OAuth 1.0a over http, Basic auth over https). */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const send = createTransport(options);

  /** An authenticated call to `{homeUrl}/wp-json/{route}`; rejects with the typed errors. */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    homeUrl: string,
    route: string,
    credentials: StoreCredentials,
    payload?: unknown,
  ): Promise<RawResponse> {
    const { url, headers } = authorize(method, `${homeUrl}/wp-json/${route}`, credentials);
    const response = await send(method, url, headers, payload);
    // No WordPress REST API answers there (a proxy's or a web server's own page).
    if (!response.json) {
      throw new StoreUnreachableError(`The store answered ${response.status} without JSON`);
    }
    if (response.status >= 200 && response.status < 300) return response;
    throw toHttpError(response.status, response.body);
  }

  const client: StoreClient = {
    async siteInfo(homeUrl) {
      const response = await send('GET', `${homeUrl}/wp-json/`, {});
      // The site answered, but not with a WordPress index: an error, not unreachable.
      if (response.status !== 200 || !response.body || typeof response.body !== 'object') {
        throw new StoreHttpError(response.status, null, `The site answered ${response.status}`);
      }
      return toSiteInfo(response.body as Record<string, unknown>);
    },

    async connection(homeUrl, credentials) {
      const { body } = await call('GET', homeUrl, 'pos-connect/v1/connection', credentials);
      return toConnection(body);
    },

    async users(homeUrl, credentials, page, perPage) {
      const response = await call(
        'GET',
        homeUrl,
        `pos-connect/v1/users?page=${page}&per_page=${perPage}`,
        credentials,
      );
      const list = Array.isArray(response.body) ? response.body : [];
      const total = Number(response.headers['x-wp-total']);
      return {
        users: list.map(toWpUser),
        total: Number.isFinite(total) ? total : list.length,
      };
    },

    async user(homeUrl, credentials, id) {
      const { body } = await call('GET', homeUrl, `pos-connect/v1/users/${id}`, credentials);
      return toWpUser(body);
    },

    async sendInvitation(homeUrl, credentials, invitation) {
      await call(
        'POST',
        homeUrl,
        'pos-connect/v1/invitations',
        credentials,
        invitationBody(invitation),
      );
    },

    async stations(homeUrl, credentials) {
      const { body } = await call('GET', homeUrl, 'pos-connect/v1/stations', credentials);
      const list: unknown[] = Array.isArray(body) ? body : [];
      return list.map(toStation);
    },

    async updateStation(homeUrl, credentials, posId, change) {
      const { body } = await call(
        'PUT',
        homeUrl,
        `pos-connect/v1/stations/${posId}`,
        credentials,
        stationChangeBody(change),
      );
      return toStation(body);
    },

    async allUsers(homeUrl, credentials, max = MAX_STORE_USERS) {
      const perPage = 100;
      const users: WpUser[] = [];
      for (let page = 1; users.length < max; page += 1) {
        const result = await client.users(homeUrl, credentials, page, perPage);
        users.push(...result.users);
        if (result.users.length < perPage || users.length >= result.total) break;
      }
      return users.slice(0, max);
    },
  };
  return client;
}
