import { authorize } from './auth';
import { StoreHttpError, StoreUnreachableError } from './errors';
import {
  invitationBody,
  newUserBody,
  stationChangeBody,
  toConnection,
  toHttpError,
  toPosAccessRemoval,
  toSiteInfo,
  toStation,
  toSystemStatus,
  toWpUser,
} from './mapping';
import type {
  NewStoreUser,
  PosAccessRemoval,
  SiteInfo,
  StationChange,
  StoreConnection,
  StoreCredentials,
  StoreInvitation,
  StoreStation,
  StoreSystemStatus,
  WpUser,
} from './model';
import type { HttpMethod, RawResponse, TransportOptions } from './transport';
import { createTransport } from './transport';

/** Most users {@link StoreClient.allUsers} reads from a store. */
export const MAX_STORE_USERS = 1000;

/** The namespace of the Cloud POS plugin's routes, as `/wp-json/` lists it when it is active. */
export const POS_PLUGIN_NAMESPACE = 'pos-connect/v1';

/** The namespace of WooCommerce core's REST API v3. */
export const WC_NAMESPACE = 'wc/v3';

// `_fields` (WordPress's rest_filter_response_fields) trims the answers to what is read. On
// system_status it also spares the store its slow sections: WooCommerce computes only the
// sections named (and, without the bare `environment`, skips its remote POST/GET tests).
const INDEX_FIELDS = 'name,home,namespaces';
const SYSTEM_STATUS_FIELDS = 'environment.home_url,environment.site_url,environment.version';

/** Calls to a WooCommerce site: its REST API (v3 and the POS plugin) and its public index. */
export interface StoreClient {
  /**
   * The public index `GET {homeUrl}/wp-json/`. StoreUnreachableError when nothing answered;
   * StoreHttpError when the site answered without a WordPress index (an error or not JSON).
   */
  siteInfo(homeUrl: string): Promise<SiteInfo>;
  /** WooCommerce core's `GET wc/v3/system_status` (home URL, site URL, version). */
  systemStatus(homeUrl: string, credentials: StoreCredentials): Promise<StoreSystemStatus>;
  /**
   * Proves the key may write without changing anything: `POST wc/v3/webhooks/batch` with empty
   * create, update and delete lists, which WooCommerce answers with an empty result. A key
   * without write permission is refused before the route runs (401 "The API key provided does
   * not have write permissions.").
   */
  probeWrite(homeUrl: string, credentials: StoreCredentials): Promise<void>;
  /** The POS plugin's connection: the key's WordPress user and permissions. */
  connection(homeUrl: string, credentials: StoreCredentials): Promise<StoreConnection>;
  /**
   * The POS plugin's `DELETE connection`: the store deletes the key that signed the call. True
   * when the store says it revoked it.
   */
  revokeConnection(homeUrl: string, credentials: StoreCredentials): Promise<boolean>;
  users(
    homeUrl: string,
    credentials: StoreCredentials,
    page: number,
    perPage: number,
  ): Promise<{ users: WpUser[]; total: number }>;
  user(homeUrl: string, credentials: StoreCredentials, id: number): Promise<WpUser>;
  /**
   * `POST users` (201): creates a WordPress user with one POS role and a random password, and
   * sends no mail. StoreHttpError 400 for what WordPress refuses, in its words (an email in
   * use: `existing_user_email` 'Sorry, that email address is already used!').
   */
  createUser(homeUrl: string, credentials: StoreCredentials, user: NewStoreUser): Promise<WpUser>;
  /**
   * `PUT users/{id}` with `{role}`: the user's POS roles become this one (other roles kept).
   * StoreHttpError 404 `rest_user_invalid_id`; 403 `pos_connect_own_user` for the key's user.
   */
  updateUserRole(
    homeUrl: string,
    credentials: StoreCredentials,
    id: number,
    role: string,
  ): Promise<WpUser>;
  /**
   * `DELETE users/{id}/pos-access`: every POS role taken away and the user out of every
   * station's list. StoreHttpError 404 `rest_user_invalid_id`; 403 `pos_connect_own_user`.
   */
  removePosAccess(
    homeUrl: string,
    credentials: StoreCredentials,
    id: number,
  ): Promise<PosAccessRemoval>;
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
  /** WooCommerce core's `POST wc/v3/webhooks` (201); the new webhook's id. */
  createWebhook(
    homeUrl: string,
    credentials: StoreCredentials,
    webhook: { name: string; topic: string; deliveryUrl: string; secret: string },
  ): Promise<number>;
  /** `GET wc/v3/webhooks` (every status, up to 100): id, topic, status, delivery URL. */
  webhooks(
    homeUrl: string,
    credentials: StoreCredentials,
  ): Promise<Array<{ id: number; topic: string; status: string; deliveryUrl: string }>>;
  /** `DELETE wc/v3/webhooks/{id}?force=true`; a webhook already gone (404) counts as deleted. */
  deleteWebhook(homeUrl: string, credentials: StoreCredentials, id: number): Promise<void>;
  /**
   * One page of `GET wc/v3/orders` (per_page 100, oldest first) with `after` or
   * `modified_after` (ISO 8601 UTC); the raw orders and X-WP-TotalPages.
   */
  ordersPage(
    homeUrl: string,
    credentials: StoreCredentials,
    filter: { after?: string; modifiedAfter?: string },
    page: number,
  ): Promise<{ orders: unknown[]; totalPages: number }>;
}

/** Options of {@link createStoreClient}. */
export type StoreClientOptions = TransportOptions;

/** The HTTP client of WooCommerce sites (OAuth 1.0a over http, Basic auth over https). */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const send = createTransport(options);

  /** An authenticated call to `{homeUrl}/wp-json/{route}`; rejects with the typed errors. */
  async function call(
    method: HttpMethod,
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
      const response = await send('GET', `${homeUrl}/wp-json/?_fields=${INDEX_FIELDS}`, {});
      // The site answered, but not with a WordPress index: an error, not unreachable.
      if (response.status !== 200 || !response.body || typeof response.body !== 'object') {
        throw new StoreHttpError(response.status, null, `The site answered ${response.status}`);
      }
      return toSiteInfo(response.body as Record<string, unknown>);
    },

    async systemStatus(homeUrl, credentials) {
      const { body } = await call(
        'GET',
        homeUrl,
        `${WC_NAMESPACE}/system_status?_fields=${SYSTEM_STATUS_FIELDS}`,
        credentials,
      );
      return toSystemStatus(body);
    },

    async probeWrite(homeUrl, credentials) {
      await call('POST', homeUrl, `${WC_NAMESPACE}/webhooks/batch`, credentials, {
        create: [],
        update: [],
        delete: [],
      });
    },

    async connection(homeUrl, credentials) {
      const { body } = await call(
        'GET',
        homeUrl,
        `${POS_PLUGIN_NAMESPACE}/connection`,
        credentials,
      );
      return toConnection(body);
    },

    async revokeConnection(homeUrl, credentials) {
      const { body } = await call(
        'DELETE',
        homeUrl,
        `${POS_PLUGIN_NAMESPACE}/connection`,
        credentials,
      );
      return (body as { revoked?: unknown } | null)?.revoked === true;
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

    async createUser(homeUrl, credentials, user) {
      const { body } = await call(
        'POST',
        homeUrl,
        `${POS_PLUGIN_NAMESPACE}/users`,
        credentials,
        newUserBody(user),
      );
      return toWpUser(body);
    },

    async updateUserRole(homeUrl, credentials, id, role) {
      const { body } = await call(
        'PUT',
        homeUrl,
        `${POS_PLUGIN_NAMESPACE}/users/${id}`,
        credentials,
        { role },
      );
      return toWpUser(body);
    },

    async removePosAccess(homeUrl, credentials, id) {
      const { body } = await call(
        'DELETE',
        homeUrl,
        `${POS_PLUGIN_NAMESPACE}/users/${id}/pos-access`,
        credentials,
      );
      return toPosAccessRemoval(body);
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

    async createWebhook(homeUrl, credentials, webhook) {
      const { body } = await call('POST', homeUrl, `${WC_NAMESPACE}/webhooks`, credentials, {
        name: webhook.name,
        topic: webhook.topic,
        delivery_url: webhook.deliveryUrl,
        secret: webhook.secret,
        status: 'active',
      });
      const id = (body as { id?: unknown } | null)?.id;
      if (typeof id !== 'number')
        throw new StoreHttpError(201, null, 'The store gave no webhook id');
      return id;
    },

    async webhooks(homeUrl, credentials) {
      const { body } = await call(
        'GET',
        homeUrl,
        `${WC_NAMESPACE}/webhooks?per_page=100&status=all`,
        credentials,
      );
      const list: unknown[] = Array.isArray(body) ? body : [];
      return list.map((item) => {
        const w = (item ?? {}) as Record<string, unknown>;
        return {
          id: Number(w.id),
          topic: String(w.topic ?? ''),
          status: String(w.status ?? ''),
          deliveryUrl: String(w.delivery_url ?? ''),
        };
      });
    },

    async deleteWebhook(homeUrl, credentials, id) {
      try {
        await call('DELETE', homeUrl, `${WC_NAMESPACE}/webhooks/${id}?force=true`, credentials);
      } catch (error) {
        if (error instanceof StoreHttpError && error.status === 404) return;
        throw error;
      }
    },

    async ordersPage(homeUrl, credentials, filter, page) {
      const query = new URLSearchParams({ per_page: '100', page: String(page), order: 'asc' });
      if (filter.after) query.set('after', filter.after);
      if (filter.modifiedAfter) {
        query.set('modified_after', filter.modifiedAfter);
        query.set('orderby', 'modified');
      }
      // Every status, trashed ones included: the api mirrors what the store has.
      query.set('status', 'any');
      query.set('dates_are_gmt', 'true');
      const response = await call(
        'GET',
        homeUrl,
        `${WC_NAMESPACE}/orders?${query.toString()}`,
        credentials,
      );
      const totalPages = Number(response.headers['x-wp-totalpages']);
      return {
        orders: Array.isArray(response.body) ? response.body : [],
        totalPages: Number.isFinite(totalPages) ? totalPages : 1,
      };
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
