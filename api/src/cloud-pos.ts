import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ApplicationRow, UserRow } from './db/types';
import { userOfToken } from './plugins/auth';
import type { Repositories } from './repositories';
import { memberEmail } from './repositories/stations';
import type { StoreAccess } from './routes/applications/context';
import { syncMembersQuietly, syncTriedRecently } from './routes/applications/members';
import { verifiedCredentials } from './routes/applications/station-view';
import { NOT_AUTHORIZED_MESSAGE } from './routes/applications/stations';
import { knownStoreFailureText } from './routes/applications/view';
import type { ProviderTokenVerifier } from './services/provider-tokens';
import type { ApiSigningKey } from './services/signing-key';
import { signHandOffToken } from './services/signing-key';
import type { StoreStation } from './services/store-client';
import { mayOpen } from './services/store-client';

/** Cookie the dashboard sets with the login provider's token (URL-encoded). */
export const TOKEN_COOKIE = 'pos_token';
/** Short-lived cookie the dashboard's access-denied page reads (spec 2.13). */
export const ACCESS_ERROR_COOKIE = 'pos_access_error';
/** Seconds the access-error cookie lives (spec 9). */
export const ACCESS_ERROR_MAX_AGE_S = 2;

/** Longest text and name the access-error cookie carries (a store names its stations). */
export const ACCESS_ERROR_FIELD_MAX = 300;

/** The denial text when asking the store failed in an unforeseen way. */
export const UNKNOWN_STORE_FAILURE = 'The store could not be asked about this station.';

/** Shortest time between two stationOpened entries of one user, station and application. */
export const STATION_OPENED_EVERY_MS = 60_000;

/** Both parts of a cloud POS address. */
const ADDRESS_PART = /^[a-z0-9-]{1,64}$/;

/** The access error object of spec 3, as the access-denied page shows it. */
export interface AccessError {
  appId: string;
  wpHome: string;
  posId: string;
  text: string;
  name: string;
}

/** What the cloud POS route needs. */
export interface CloudPosOptions {
  repos: Repositories;
  access: StoreAccess;
  verifier: ProviderTokenVerifier;
  signingKey: ApiSigningKey;
  /** Domain attribute of the access-error cookie (COOKIE_DOMAIN); null: host-only. */
  cookieDomain: string | null;
  /**
   * Whether the access-error cookie is `Secure`: the browser reaches this listener over
   * HTTPS (the TLS listener, or a public CLOUD_POS_URL on https in front of a plain one).
   */
  secureCookie: boolean;
}

/** The denial texts that name no store (nothing of another user's store is revealed). */
export const DENIALS = {
  paused: {
    name: 'Service is Paused',
    text: 'This account is paused, so its stations cannot be opened.',
  },
  notFound: {
    name: 'Station not found',
    text: 'There is no station at this address, or it is not shared with you.',
  },
} as const;

const anonymous = (denial: { name: string; text: string }): AccessError => ({
  appId: '',
  wpHome: '',
  posId: '',
  ...denial,
});

/** The value of cookie `name` in a Cookie header, URL-decoded; null when absent or malformed. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_STYLE = `
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f6f8;color:#1d2330}
main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);text-align:center}
h1{font-size:1.4rem;margin:0 0 .75rem}
p{margin:0 0 1.25rem;color:#3d4556}
button{font:inherit;padding:.6rem 1.4rem;border:0;border-radius:8px;background:#1f5bd8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #0b3a9c;outline-offset:2px}`;

function page(reply: FastifyReply, status: number, csp: string, nonce: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', csp)
    .send(body);
}

/** A small HTML page (not found), with the same strict policy as the hand-off page. */
function messagePage(reply: FastifyReply, status: number, title: string, text: string) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
  return page(
    reply,
    status,
    `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    nonce,
    html,
  );
}

/**
 * The hand-off page: a form that posts the token to the station's POS page, submitted by a
 * nonce'd script, with a visible Continue button when scripts do not run.
 */
export function handOffPage(
  reply: FastifyReply,
  station: Pick<StoreStation, 'name' | 'url'>,
  token: string,
) {
  const nonce = randomBytes(16).toString('base64');
  const name = escapeHtml(station.name);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Opening ${name}…</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body><main><h1>Opening ${name}…</h1>
<form id="handoff" method="post" action="${escapeHtml(station.url)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<p>You are being signed in to the station.</p>
<button type="submit">Continue</button>
</form></main>
<script nonce="${nonce}">document.getElementById('handoff').submit();</script></body></html>`;
  const storeOrigin = new URL(station.url).origin;
  return page(
    reply,
    200,
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action ${storeOrigin}; base-uri 'none'; frame-ancestors 'none'`,
    nonce,
    html,
  );
}

/** An opening the checks allowed: the station and who opens it as which store user. */
interface Allowed {
  row: ApplicationRow;
  station: StoreStation;
  wpUserId: number;
}

/** The application of a cloud address when the caller is its owner or a member, else null. */
async function reachableApplication(
  options: CloudPosOptions,
  user: UserRow,
  appSlug: string,
  log: FastifyBaseLogger,
): Promise<{ row: ApplicationRow; memberWpUserId: number | null } | null> {
  const { repos, access } = options;
  const row = await repos.applications.findBySlug(appSlug);
  if (!row) return null;
  if (row.user_id === user.id) return { row, memberWpUserId: null };
  if (row.is_verified_auth !== 1) return null;
  let member = await repos.stations.findMember(row.id, memberEmail(user));
  if (!member && row.members_synced_at === null && !syncTriedRecently(row)) {
    // The store's users were never copied (the owner connected it elsewhere): copy them now.
    if (await syncMembersQuietly(repos, access, row, log)) {
      member = await repos.stations.findMember(row.id, memberEmail(user));
    }
  }
  return member ? { row, memberWpUserId: member.wpUserId } : null;
}

/** Decides whether `user` may open the station at /{appSlug}/{stationSlug}. */
async function decide(
  options: CloudPosOptions,
  user: UserRow,
  appSlug: string,
  stationSlug: string,
  log: FastifyBaseLogger,
): Promise<Allowed | AccessError> {
  const { repos, access } = options;
  if (user.block === 'block') return anonymous(DENIALS.paused);
  const found = await reachableApplication(options, user, appSlug, log);
  if (!found) return anonymous(DENIALS.notFound);
  const { row, memberWpUserId } = found;
  const posId = await repos.stations.resolveSlug(row.id, stationSlug);
  if (posId === null) return anonymous(DENIALS.notFound);

  const about = { appId: row.id, wpHome: row.home_url, posId };
  let stations: StoreStation[];
  let wpUserId: number;
  try {
    const credentials = verifiedCredentials(row, access);
    if (!credentials) return { ...about, name: 'Store unavailable', text: NOT_AUTHORIZED_MESSAGE };
    const [list, connection] = await Promise.all([
      access.store.stations(row.home_url, credentials),
      memberWpUserId === null
        ? access.store.connection(row.home_url, credentials)
        : Promise.resolve(null),
    ]);
    stations = list;
    wpUserId = connection ? connection.user.id : (memberWpUserId ?? 0);
  } catch (error) {
    const known = knownStoreFailureText(error, row.home_url);
    log.warn(
      {
        applicationId: row.id,
        reason: known ?? (error instanceof Error ? error.message : String(error)),
      },
      'cloud POS address: store unavailable',
    );
    return { ...about, name: 'Store unavailable', text: known ?? UNKNOWN_STORE_FAILURE };
  }
  const station = stations.find((s) => String(s.posId) === posId);
  if (!station) return anonymous(DENIALS.notFound);
  if (!mayOpen(station, wpUserId)) {
    return {
      ...about,
      name: 'Access denied',
      text: `You do not have access to the ${station.name} station of ${row.name}.`,
    };
  }
  // The token goes to the station's page: only a page on the store's own site may get it.
  if (!sameOrigin(station.url, row.home_url)) {
    return {
      ...about,
      name: 'Store unavailable',
      text: `The store gave the ${station.name} station an address outside its site.`,
    };
  }
  return { row, station, wpUserId };
}

function sameOrigin(url: string, homeUrl: string): boolean {
  try {
    const target = new URL(url);
    return (
      ['http:', 'https:'].includes(target.protocol) && target.origin === new URL(homeUrl).origin
    );
  } catch {
    return false;
  }
}

/** `text` cut to {@link ACCESS_ERROR_FIELD_MAX} characters, an ellipsis marking a cut. */
function capped(text: string): string {
  const chars = Array.from(text);
  return chars.length > ACCESS_ERROR_FIELD_MAX
    ? `${chars.slice(0, ACCESS_ERROR_FIELD_MAX - 1).join('')}…`
    : text;
}

/** Sets the access-error cookie and sends the browser to the dashboard's access-denied page. */
function deny(options: CloudPosOptions, reply: FastifyReply, error: AccessError) {
  // A cookie over the browser's size limit would be dropped, and the page show nothing.
  const bounded = { ...error, text: capped(error.text), name: capped(error.name) };
  const value = Buffer.from(JSON.stringify(bounded), 'utf8').toString('base64url');
  const attributes = [
    `${ACCESS_ERROR_COOKIE}=${value}`,
    `Max-Age=${ACCESS_ERROR_MAX_AGE_S}`,
    'Path=/',
    'SameSite=Lax',
    ...(options.cookieDomain ? [`Domain=${options.cookieDomain}`] : []),
    ...(options.secureCookie ? ['Secure'] : []),
  ];
  return reply
    .header('set-cookie', attributes.join('; '))
    .header('cache-control', 'no-store')
    .redirect(`${options.access.dashboardOrigin}/access-denied`, 302);
}

/**
 * `GET /{appSlug}/{stationSlug}`: the cloud POS address of a station. The dashboard's token
 * cookie is verified like a bearer token; the caller must own the application or be one of
 * its store's users allowed into the station. Then a one-minute token is handed to the
 * station's POS page on the store. Requests are never logged with their cookies.
 */
export function registerCloudPos(app: FastifyInstance, options: CloudPosOptions): void {
  const { repos, access, verifier, signingKey } = options;
  app.get<{ Params: { appSlug: string; stationSlug: string } }>(
    '/:appSlug/:stationSlug',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const { appSlug, stationSlug } = request.params;
      if (!ADDRESS_PART.test(appSlug) || !ADDRESS_PART.test(stationSlug)) {
        return messagePage(reply, 404, 'Not found', 'There is no station at this address.');
      }
      const token = cookieValue(request.headers.cookie, TOKEN_COOKIE);
      const signedIn = token ? await userOfToken(verifier, repos.users, token) : null;
      if (!signedIn) {
        const redirectPath = encodeURIComponent(`/${appSlug}/${stationSlug}`);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${access.dashboardOrigin}/pos-unauthorized?redirectPath=${redirectPath}`, 302);
      }
      const { user } = signedIn;
      const decision = await decide(options, user, appSlug, stationSlug, request.log);
      if (!('station' in decision)) return deny(options, reply, decision);

      const { row, station, wpUserId } = decision;
      const who = user.full_name || user.email || 'A user';
      // Prefetches and reloads open a station again and again: one entry a minute is enough.
      await repos.activities.createUnlessRecent(
        row.user_id,
        {
          name: `${who} opened ${station.name} (${row.name})`,
          feedType: 'stationOpened',
          link: `/applications/${row.id}/stations`,
          linkName: 'View Stations',
        },
        STATION_OPENED_EVERY_MS,
      );
      const handOff = await signHandOffToken(signingKey, {
        audience: row.home_url,
        userId: user.id,
        // The store refuses a token whose name or email is not a string.
        email: user.email ?? '',
        name: user.full_name || user.email || 'Cloud POS user',
        posId: String(station.posId),
        wpUserId,
      });
      return handOffPage(reply, station, handOff);
    },
  );
}
