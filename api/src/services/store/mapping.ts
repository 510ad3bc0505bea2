import { withoutHiddenCharacters } from '@pos/shared/rules';
import { StoreHttpError, StoreUnreachableError } from './errors';
import type {
  NewStoreUser,
  PosAccessRemoval,
  SiteInfo,
  StationChange,
  StoreConnection,
  StoreInvitation,
  StoreStation,
  StoreSystemStatus,
  WpUser,
} from './model';

/** `value` when it is a string, '' otherwise: a store may leave any field out. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function recordOf(value: unknown): Record<string, unknown> {
  return (value ?? {}) as Record<string, unknown>;
}

/** A user of the POS plugin's JSON; StoreUnreachableError when it has no id. */
export function toWpUser(value: unknown): WpUser {
  const raw = recordOf(value);
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

/** A station of the POS plugin's JSON; StoreUnreachableError when it has no pos_id. */
export function toStation(value: unknown): StoreStation {
  const raw = recordOf(value);
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
    // Shown to the owner and to the people the station is shared with: nothing hidden in it.
    name: withoutHiddenCharacters(textOf(raw.name)),
    url: textOf(raw.url),
    cloudSlug: typeof raw.cloud_slug === 'string' ? raw.cloud_slug : null,
    isDefault: raw.is_default === true,
    users,
    settings,
  };
}

/** The answer of `GET pos-connect/v1/connection`. */
export function toConnection(value: unknown): StoreConnection {
  const raw = recordOf(value);
  return {
    homeUrl: textOf(raw.home_url),
    siteName: textOf(raw.site_name),
    keyPermissions: textOf(raw.key_permissions),
    user: toWpUser(raw.user),
    multipleUserPluginActive: raw.multiple_user_plugin_active === true,
  };
}

/**
 * The fields of `GET wc/v3/system_status` the dashboard reads; StoreUnreachableError when the
 * answer has no `environment` (not WooCommerce's system status).
 */
export function toSystemStatus(value: unknown): StoreSystemStatus {
  const environment = recordOf(value).environment;
  if (!environment || typeof environment !== 'object' || Array.isArray(environment)) {
    throw new StoreUnreachableError('The store sent a system status without environment');
  }
  const raw = environment as Record<string, unknown>;
  return {
    homeUrl: textOf(raw.home_url),
    siteUrl: textOf(raw.site_url),
    wcVersion: textOf(raw.version),
  };
}

/** The public index `GET /wp-json/`, already known to be a JSON object. */
export function toSiteInfo(body: Record<string, unknown>): SiteInfo {
  return {
    // The site's title becomes an application's name (find-or-create, the create form's
    // suggestion), which may not hold hidden characters.
    name: withoutHiddenCharacters(textOf(body.name)),
    home: textOf(body.home),
    namespaces: Array.isArray(body.namespaces)
      ? body.namespaces.filter((n) => typeof n === 'string')
      : [],
  };
}

/** The body of `POST pos-connect/v1/invitations`. */
export function invitationBody(invitation: StoreInvitation): Record<string, unknown> {
  return {
    user_id: invitation.userId,
    inviter_name: invitation.inviterName,
    app_name: invitation.appName,
    signup_url: invitation.signupUrl,
  };
}

/** The body of `POST pos-connect/v1/users`. */
export function newUserBody(user: NewStoreUser): Record<string, unknown> {
  return { name: user.name, email: user.email, role: user.role };
}

/** The answer of `DELETE pos-connect/v1/users/{id}/pos-access`. */
export function toPosAccessRemoval(value: unknown): PosAccessRemoval {
  const raw = recordOf(value);
  return { removed: raw.removed === true, user: toWpUser(raw.user) };
}

/** The body of `PUT pos-connect/v1/stations/{posId}`. */
export function stationChangeBody(change: StationChange): Record<string, unknown> {
  return { cloud_slug: change.cloudSlug, is_default: change.isDefault };
}

/** The store's REST error (`{ code, message }`) as a StoreHttpError. */
export function toHttpError(status: number, body: unknown): StoreHttpError {
  const raw = recordOf(body);
  const message = textOf(raw.message) || `The store answered ${status}`;
  return new StoreHttpError(status, textOf(raw.code) || null, message);
}
