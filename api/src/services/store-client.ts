import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { signUrl } from './oauth1';
import { isPrivateAddress, isPrivateHost } from './store-url';

/** A WordPress user as the store's POS plugin describes it. */
export interface WpUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
}

/** What `GET pos-connect/v1/connection` tells about a key and its site. */
export interface StoreConnection {
  homeUrl: string;
  siteName: string;
  keyPermissions: string;
  user: WpUser;
  multipleUserPluginActive: boolean;
}

/** A POS station of the store. */
export interface StoreStation {
  posId: number;
  name: string;
  /** The station's POS page on the store (`{home}/pos/{pos_id}`). */
  url: string;
  /** The store's copy of the dashboard's slug; null when never set. */
  cloudSlug: string | null;
  /** The store's copy of the default flag. */
  isDefault: boolean;
  /** WP user ids that may open the station; null: every POS user of the store. */
  users: number[] | null;
  /** The station's free-form settings. */
  settings: Record<string, unknown>;
}

/** What the dashboard tells the store about a station. */
export interface StationChange {
  /** 'pos' (the default), a custom slug, or null: the station is back to its own id. */
  cloudSlug: string | null;
  isDefault: boolean;
}

/** Most users {@link StoreClient.allUsers} reads from a store. */
export const MAX_STORE_USERS = 1000;

/** Whether `user` may open `station` (listed, or the station is open to every POS user). */
export function mayOpen(station: Pick<StoreStation, 'users'>, wpUserId: number | null): boolean {
  if (station.users === null) return true;
  return wpUserId !== null && station.users.includes(wpUserId);
}

/** What `GET /wp-json/` tells about a site (no credentials needed). */
export interface SiteInfo {
  name: string;
  namespaces: string[];
}

/** A consumer key and secret of the store's REST API. */
export interface StoreCredentials {
  consumerKey: string;
  consumerSecret: string;
}

/** The invitation the POS plugin mails to a WordPress user. */
export interface StoreInvitation {
  userId: number;
  inviterName: string;
  appName: string;
  signupUrl: string;
}

/** The store could not be reached: DNS, connection, TLS, timeout, or an answer that is not JSON. */
export class StoreUnreachableError extends Error {
  override readonly name = 'StoreUnreachableError';
}

/** The store answered with an HTTP error; `message` is the store's own text. */
export class StoreHttpError extends Error {
  override readonly name = 'StoreHttpError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
  /** The store refused the credentials (401/403). */
  get rejected(): boolean {
    return this.status === 401 || this.status === 403;
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

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
export interface StoreClientOptions {
  /** Time limit of each call, connection to last byte (STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Allow addresses on this machine or a private network (STORE_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
  /** Extra CA certificates (PEM) to trust for https stores; the system's otherwise. */
  ca?: string;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** False when the answer was not JSON (an HTML error page, for example). */
  json: boolean;
}

/**
 * Resolves names like the system does, but refuses private addresses: a public name that
 * points at the api's own network is as dangerous as a private IP literal.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    }
    if (options.all) return callback(null, list as never, 0);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toWpUser(value: unknown): WpUser {
  const raw = (value ?? {}) as Record<string, unknown>;
  const id = Number(raw.id);
  if (!Number.isInteger(id)) throw new StoreUnreachableError('The store sent a user without id');
  return {
    id,
    username: textOf(raw.username),
    email: textOf(raw.email),
    name: textOf(raw.name),
    roles: Array.isArray(raw.roles) ? raw.roles.filter((r) => typeof r === 'string') : [],
  };
}

function toStation(value: unknown): StoreStation {
  const raw = (value ?? {}) as Record<string, unknown>;
  const posId = Number(raw.pos_id);
  if (!Number.isInteger(posId)) {
    throw new StoreUnreachableError('The store sent a station without pos_id');
  }
  const users = Array.isArray(raw.users)
    ? raw.users.map(Number).filter((id) => Number.isInteger(id))
    : null;
  const settings =
    raw.settings && typeof raw.settings === 'object' && !Array.isArray(raw.settings)
      ? (raw.settings as Record<string, unknown>)
      : {};
  return {
    posId,
    name: textOf(raw.name),
    url: textOf(raw.url),
    cloudSlug: typeof raw.cloud_slug === 'string' ? raw.cloud_slug : null,
    isDefault: raw.is_default === true,
    users,
    settings,
  };
}

/** The HTTP client of WooCommerce sites (OAuth 1.0a over http, Basic auth over https). */
export function createStoreClient(options: StoreClientOptions): StoreClient {
  const lookup = options.allowPrivateHosts ? undefined : publicOnlyLookup;

  function send(
    method: 'GET' | 'POST' | 'PUT',
    target: string,
    headers: Record<string, string>,
    payload?: unknown,
  ): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const url = new URL(target);
      // An IP literal is connected to without a lookup, so the guard looks at it here.
      if (!options.allowPrivateHosts && isPrivateHost(url.hostname)) {
        reject(new StoreUnreachableError(`${url.hostname} is a private address`));
        return;
      }
      const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method,
          headers: {
            accept: 'application/json',
            'user-agent': 'CloudPOS/1.0',
            ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
            ...headers,
          },
          lookup,
          ca: url.protocol === 'https:' ? options.ca : undefined,
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              request.destroy(new Error('answer too large'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', (error) => reject(new StoreUnreachableError(error.message)));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            try {
              const body: unknown = text ? JSON.parse(text) : null;
              resolve({ status, headers: response.headers, body, json: true });
            } catch {
              resolve({ status, headers: response.headers, body: null, json: false });
            }
          });
        },
      );
      request.on('error', (error) => reject(new StoreUnreachableError(error.message)));
      request.end(body);
    });
  }

  /** An authenticated call to `{homeUrl}/wp-json/{route}`; rejects with the typed errors. */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    homeUrl: string,
    route: string,
    credentials: StoreCredentials,
    payload?: unknown,
  ): Promise<RawResponse> {
    const target = `${homeUrl}/wp-json/${route}`;
    let response: RawResponse;
    if (target.startsWith('https:')) {
      const basic = Buffer.from(
        `${credentials.consumerKey}:${credentials.consumerSecret}`,
        'utf8',
      ).toString('base64');
      response = await send(method, target, { authorization: `Basic ${basic}` }, payload);
    } else {
      // WooCommerce ignores Basic auth and query keys over plain http: only a signature works.
      const signed = signUrl({
        method,
        url: target,
        consumerKey: credentials.consumerKey,
        consumerSecret: credentials.consumerSecret,
      });
      response = await send(method, signed, {}, payload);
    }
    // No WordPress REST API answers there (a proxy's or a web server's own page).
    if (!response.json) {
      throw new StoreUnreachableError(`The store answered ${response.status} without JSON`);
    }
    if (response.status >= 200 && response.status < 300) return response;
    const error = (response.body ?? {}) as Record<string, unknown>;
    const message = textOf(error.message) || `The store answered ${response.status}`;
    throw new StoreHttpError(response.status, textOf(error.code) || null, message);
  }

  const client: StoreClient = {
    async siteInfo(homeUrl) {
      const response = await send('GET', `${homeUrl}/wp-json/`, {});
      // The site answered, but not with a WordPress index: an error, not unreachable.
      if (response.status !== 200 || !response.body || typeof response.body !== 'object') {
        throw new StoreHttpError(response.status, null, `The site answered ${response.status}`);
      }
      const body = response.body as Record<string, unknown>;
      return {
        name: textOf(body.name),
        namespaces: Array.isArray(body.namespaces)
          ? body.namespaces.filter((n) => typeof n === 'string')
          : [],
      };
    },

    async connection(homeUrl, credentials) {
      const { body } = await call('GET', homeUrl, 'pos-connect/v1/connection', credentials);
      const raw = (body ?? {}) as Record<string, unknown>;
      return {
        homeUrl: textOf(raw.home_url),
        siteName: textOf(raw.site_name),
        keyPermissions: textOf(raw.key_permissions),
        user: toWpUser(raw.user),
        multipleUserPluginActive: raw.multiple_user_plugin_active === true,
      };
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
      await call('POST', homeUrl, 'pos-connect/v1/invitations', credentials, {
        user_id: invitation.userId,
        inviter_name: invitation.inviterName,
        app_name: invitation.appName,
        signup_url: invitation.signupUrl,
      });
    },

    async stations(homeUrl, credentials) {
      const { body } = await call('GET', homeUrl, 'pos-connect/v1/stations', credentials);
      const list: unknown[] = Array.isArray(body) ? body : [];
      return list.map(toStation);
    },

    async updateStation(homeUrl, credentials, posId, change) {
      const { body } = await call('PUT', homeUrl, `pos-connect/v1/stations/${posId}`, credentials, {
        cloud_slug: change.cloudSlug,
        is_default: change.isDefault,
      });
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
