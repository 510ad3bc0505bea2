import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canEditUser, canManageWooCommerce, canPromoteUser, editableRoles, userCan } from './auth';
import type { StoreContext } from './context';
import { WC_VERSION, WP_VERSION } from './versions';
import { findUser, hasPosRole, rawPath, rawQuery, stationView, stations } from './context';
import type { RestError } from './oauth';
import {
  OAUTH_WINDOW_SECONDS,
  authenticateOAuth,
  parseOAuthHeader,
  permissionError,
  restError,
} from './oauth';
import type { WpUser } from './seed';
import { POS_ROLES } from './seed';
import type { ParamProblem, StaffRefusal } from './staff';
import {
  EMAIL_TAKEN,
  OWN_USER,
  posRolesOn,
  readNewUser,
  readRoleChange,
  roleGrantProblem,
  staffCapability,
  staffCapabilityProblem,
  userEditProblem,
} from './staff';
import type { ApiKeyRecord, StationChange } from './state';
import { NO_POS_ROLE } from './state';

/** The namespace of the Cloud POS plugin's routes. */
export const POS_PLUGIN_NAMESPACE = 'pos-connect/v1';
/** WordPress's and WooCommerce's own namespaces, there whatever the plugins. */
export const CORE_NAMESPACES = ['wp/v2', 'wc/v3'];

/** The namespaces `/wp-json/` lists: the plugin's only while it is active. */
export function namespacesOf(ctx: StoreContext): string[] {
  return ctx.state.posPluginActive ? [...CORE_NAMESPACES, POS_PLUGIN_NAMESPACE] : CORE_NAMESPACES;
}

/** Most items one batch request may hold (WooCommerce's woocommerce_rest_batch_items_limit). */
export const BATCH_ITEMS_LIMIT = 100;

/** Request parameters as PHP sees them: the query, then a form body over it (last wins). */
function requestParams(request: FastifyRequest): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQuery(request.url))) params[name] = value;
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') && request.body) {
    for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof value === 'string') params[name] = value;
    }
  }
  return { ...params, ...parseOAuthHeader(request.headers.authorization) };
}

/**
 * WooCommerce's refusal of a request whose user may not manage the store, by method (the
 * plugin's permission callback answers the same): 401 when nobody is authenticated, 403 when
 * the key's user lacks `manage_woocommerce`.
 */
function capabilityError(method: string, status: 401 | 403): RestError {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return restError(status, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
    case 'DELETE':
      return restError(
        status,
        'woocommerce_rest_cannot_delete',
        'Sorry, you are not allowed to delete this resource.',
      );
    default:
      return restError(
        status,
        'woocommerce_rest_cannot_create',
        'Sorry, you are not allowed to create resources.',
      );
  }
}

/**
 * The key behind a REST request, or the WordPress error to answer. Over plain http only
 * OAuth 1.0a signatures count: Basic auth and `consumer_key`/`consumer_secret` in the query
 * are ignored, so such a request is anonymous and refused like one.
 */
function authenticate(ctx: StoreContext, request: FastifyRequest): ApiKeyRecord | RestError {
  const result = authenticateOAuth({
    method: request.method,
    baseUrl: `${ctx.home()}${rawPath(request.url)}`,
    params: requestParams(request),
    nowSeconds: Math.floor(ctx.now() / 1000),
    findKey: (consumerKey) => ctx.state.findByConsumerKey(consumerKey),
    useNonce: (key, nonce, timestamp) =>
      ctx.state.useNonce(key, nonce, timestamp, OAUTH_WINDOW_SECONDS),
  });
  if (result.kind === 'error') return result.error;
  if (result.kind === 'anonymous') return capabilityError(request.method, 401);
  return permissionError(result.key, request.method) ?? result.key;
}

type Handler<R extends object> = (
  request: FastifyRequest<R>,
  reply: FastifyReply,
  key: ApiKeyRecord,
) => Promise<unknown>;

/**
 * Wraps a handler of an authenticated namespace (wc/v3, pos-connect/v1): the key (WooCommerce
 * checks it and records its last access before dispatching), then the route's permission
 * callback, which wants a user who can manage WooCommerce.
 */
export function withKey<R extends object>(ctx: StoreContext, handler: Handler<R>) {
  return async (request: FastifyRequest<R>, reply: FastifyReply) => {
    const auth = authenticate(ctx, request as FastifyRequest);
    if (!('key_id' in auth)) return reply.status(auth.data.status).send(auth);
    await ctx.state.touch(auth);
    const owner = findUser(ctx, auth.user_id);
    if (!owner || !canManageWooCommerce(owner)) {
      return reply.status(403).send(capabilityError(request.method, 403));
    }
    return handler(request, reply, auth);
  };
}

/**
 * Wraps a staff route's handler (`POST users`, `PUT users/{id}`, `DELETE users/{id}/pos-access`):
 * withKey()'s manage_woocommerce, then the plugin's staff permission callback, which wants
 * `create_users` to create a user and `promote_users` to change one's roles (a shop manager has
 * neither). The handler gets the key's user.
 */
export function withStaffKey<R extends object>(
  ctx: StoreContext,
  handler: (
    request: FastifyRequest<R>,
    reply: FastifyReply,
    key: ApiKeyRecord,
    owner: WpUser,
  ) => Promise<unknown>,
) {
  return withKey<R>(ctx, async (request, reply, key) => {
    const owner = findUser(ctx, key.user_id);
    if (!owner) return reply.status(403).send(capabilityError(request.method, 403));
    const method = request.method;
    const refused = staffCapabilityProblem(method, userCan(owner, staffCapability(method)));
    if (refused) return reply.status(403).send(staffRefusal(refused));
    return handler(request, reply, key, owner);
  });
}

/** A staff route's 403 refusal in WordPress's words. */
function staffRefusal(refusal: StaffRefusal): RestError {
  return restError(403, refusal.code, refusal.message);
}

/** WordPress's rest_invalid_param answer naming one parameter. */
export function invalidParam(
  name: string,
  reason: string,
): RestError & { data: { params: object } } {
  return {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${name}`,
    data: { status: 400, params: { [name]: reason } },
  };
}

/** A positive integer parameter, `fallback` when absent; undefined when invalid. */
export function positiveInt(raw: string | undefined, fallback: number): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

/** The roles a WooCommerce store has that the staff routes deal with. */
const SITE_ROLES = [...POS_ROLES, NO_POS_ROLE, 'subscriber'];

/** WordPress's rest_invalid_param answer for a staff route's bad parameter. */
const problemAnswer = (problem: ParamProblem) => invalidParam(problem.param, problem.reason);

function publicUser(user: WpUser): WpUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    roles: [...user.roles],
  };
}

type InvitationBody = {
  user_id?: unknown;
  inviter_name?: unknown;
  app_name?: unknown;
  signup_url?: unknown;
};

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function nonEmpty(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max;
}

/** Validates the POS plugin's invitation body; a string names the first bad parameter. */
function readInvitation(body: InvitationBody | undefined):
  | {
      userId: number;
      inviterName: string;
      appName: string;
      signupUrl: string;
    }
  | RestError {
  const b = body ?? {};
  if (typeof b.user_id !== 'number' || !Number.isInteger(b.user_id) || b.user_id < 1)
    return invalidParam('user_id', 'user_id is not of type integer.');
  if (!nonEmpty(b.inviter_name, 200))
    return invalidParam('inviter_name', 'inviter_name must be a non-empty string.');
  if (!nonEmpty(b.app_name, 200))
    return invalidParam('app_name', 'app_name must be a non-empty string.');
  if (!nonEmpty(b.signup_url, 2048) || !isHttpUrl(b.signup_url))
    return invalidParam('signup_url', 'signup_url must be an http(s) URL.');
  return {
    userId: b.user_id,
    inviterName: b.inviter_name.trim(),
    appName: b.app_name.trim(),
    signupUrl: b.signup_url,
  };
}

/** The dashboard's slug rule, loosened to the station ids it sets when Default goes off. */
const CLOUD_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Validates a station update body; a RestError names the first bad parameter. */
function readStationChange(body: unknown): StationChange | RestError {
  if (body == null || typeof body !== 'object' || Array.isArray(body)) {
    return invalidParam('cloud_slug', 'The request body must be a JSON object.');
  }
  const b = body as Record<string, unknown>;
  const change: StationChange = {};
  if ('cloud_slug' in b) {
    const slug = b.cloud_slug;
    if (slug !== null && (typeof slug !== 'string' || slug.length > 64 || !CLOUD_SLUG.test(slug)))
      return invalidParam(
        'cloud_slug',
        'cloud_slug must be null or 1-64 lower-case letters, digits and single hyphens.',
      );
    change.cloud_slug = slug;
  }
  if ('is_default' in b) {
    if (typeof b.is_default !== 'boolean')
      return invalidParam('is_default', 'is_default is not of type boolean.');
    change.is_default = b.is_default;
  }
  if (change.cloud_slug === undefined && change.is_default === undefined)
    return invalidParam('cloud_slug', 'Give cloud_slug, is_default or both.');
  return change;
}

/** The REST API: the public index, WooCommerce's wc/v3 subset and the POS plugin. */
export function restRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const index = async () => ({
    name: ctx.seed.name,
    description: ctx.seed.description,
    url: ctx.home(),
    home: ctx.home(),
    namespaces: namespacesOf(ctx),
  });
  app.get('/wp-json', index);
  app.get('/wp-json/', index);

  app.get(
    '/wp-json/wc/v3/system_status',
    withKey(ctx, async () => ({
      environment: {
        home_url: ctx.home(),
        site_url: ctx.home(),
        version: WC_VERSION,
        wp_version: WP_VERSION,
      },
      settings: { currency: 'USD' },
    })),
  );

  // The sandbox keeps no webhooks: the batch route answers as WooCommerce does for empty lists
  // (the dashboard's write probe) and refuses items it cannot keep.
  app.post<{ Body: unknown }>(
    '/wp-json/wc/v3/webhooks/batch',
    withKey(ctx, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const items: unknown[] = ['create', 'update', 'delete'].map((name) => body[name] ?? []);
      if (!items.every((list): list is unknown[] => Array.isArray(list))) {
        return reply
          .status(400)
          .send(invalidParam('create', 'create, update and delete must be lists.'));
      }
      const total = items.reduce<number>((sum, list) => sum + list.length, 0);
      if (total > BATCH_ITEMS_LIMIT) {
        return reply
          .status(413)
          .send(
            restError(
              413,
              'woocommerce_rest_request_entity_too_large',
              `Unable to accept more than ${BATCH_ITEMS_LIMIT} items for this request.`,
            ),
          );
      }
      if (total > 0) {
        return reply
          .status(501)
          .send(
            restError(501, 'sandbox_webhooks_unsupported', 'The sandbox store keeps no webhooks.'),
          );
      }
      // WooCommerce's batch_items with nothing to do: an empty result.
      return [];
    }),
  );

  app.get(
    '/wp-json/pos-connect/v1/connection',
    withKey(ctx, async (_request, _reply, key) => {
      const owner = findUser(ctx, key.user_id);
      return {
        home_url: ctx.home(),
        site_name: ctx.seed.name,
        key_permissions: key.permissions,
        user: owner ? publicUser(owner) : null,
        multiple_user_plugin_active: ctx.state.multipleUserPluginActive,
      };
    }),
  );

  // The dashboard disconnects: the key it was given is revoked, as WooCommerce's Revoke does.
  app.delete(
    '/wp-json/pos-connect/v1/connection',
    withKey(ctx, async (_request, _reply, key) => {
      // false: a request a moment ago revoked it already, which is what was asked.
      await ctx.state.deleteKey(key.key_id);
      return { revoked: true };
    }),
  );

  app.get<{ Querystring: { page?: string; per_page?: string } }>(
    '/wp-json/pos-connect/v1/users',
    withKey(ctx, async (request, reply) => {
      const page = positiveInt(request.query.page, 1);
      if (page === undefined)
        return reply.status(400).send(invalidParam('page', 'page must be at least 1.'));
      const perPage = positiveInt(request.query.per_page, 10);
      if (perPage === undefined || perPage > 100) {
        return reply
          .status(400)
          .send(
            invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'),
          );
      }
      const users = ctx.state
        .users()
        .filter(hasPosRole)
        .sort((a, b) => a.id - b.id);
      const totalPages = Math.ceil(users.length / perPage);
      return reply
        .header('x-wp-total', String(users.length))
        .header('x-wp-totalpages', String(totalPages))
        .send(users.slice((page - 1) * perPage, page * perPage).map(publicUser));
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/wp-json/pos-connect/v1/users/:id',
    withKey(ctx, async (request, reply) => {
      const id = /^\d+$/.test(request.params.id) ? Number(request.params.id) : NaN;
      const user = findUser(ctx, id);
      if (!user)
        return reply.status(404).send(restError(404, 'rest_user_invalid_id', 'Invalid user ID.'));
      return publicUser(user);
    }),
  );

  // The dashboard's Staff (the multiple-user add-on's screens); the routes do not look at the
  // add-on's flag, the api does.
  app.post<{ Body: unknown }>(
    '/wp-json/pos-connect/v1/users',
    withStaffKey(ctx, async (request: FastifyRequest<{ Body: unknown }>, reply, _key, owner) => {
      const input = readNewUser(request.body, posRolesOn(SITE_ROLES));
      if ('param' in input) return reply.status(400).send(problemAnswer(input));
      const refused = roleGrantProblem([input.role], editableRoles(owner, SITE_ROLES));
      if (refused) return reply.status(403).send(staffRefusal(refused));
      const created = await ctx.state.createUser(input);
      if (created === 'existing_user_email') {
        return reply.status(400).send(restError(400, 'existing_user_email', EMAIL_TAKEN));
      }
      return reply.status(201).send(publicUser(created));
    }),
  );

  /**
   * The user `{id}` names, unless nobody (404), the key's own user (403 pos_connect_own_user)
   * or a user the key's user may not promote and edit (403 rest_cannot_edit): the answer then.
   */
  const requestedUser = (id: string, owner: WpUser): WpUser | RestError => {
    const user = /^\d+$/.test(id) ? findUser(ctx, Number(id)) : undefined;
    if (!user) return restError(404, 'rest_user_invalid_id', 'Invalid user ID.');
    if (user.id === owner.id) return restError(403, 'pos_connect_own_user', OWN_USER);
    const refused = userEditProblem(canPromoteUser(owner), canEditUser(owner, user));
    return refused ? staffRefusal(refused) : user;
  };

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/wp-json/pos-connect/v1/users/:id',
    withStaffKey(
      ctx,
      async (
        request: FastifyRequest<{ Params: { id: string }; Body: unknown }>,
        reply,
        _key,
        owner,
      ) => {
        const role = readRoleChange(request.body, posRolesOn(SITE_ROLES));
        if (typeof role !== 'string') return reply.status(400).send(problemAnswer(role));
        const user = requestedUser(request.params.id, owner);
        if ('code' in user) return reply.status(user.data.status).send(user);
        const refused = roleGrantProblem([role, ...user.roles], editableRoles(owner, SITE_ROLES));
        if (refused) return reply.status(403).send(staffRefusal(refused));
        const changed = await ctx.state.setUserRole(user.id, role);
        if (!changed) {
          return reply.status(404).send(restError(404, 'rest_user_invalid_id', 'Invalid user ID.'));
        }
        return publicUser(changed);
      },
    ),
  );

  app.delete<{ Params: { id: string } }>(
    '/wp-json/pos-connect/v1/users/:id/pos-access',
    withStaffKey(
      ctx,
      async (request: FastifyRequest<{ Params: { id: string } }>, reply, _key, owner) => {
        const user = requestedUser(request.params.id, owner);
        if ('code' in user) return reply.status(user.data.status).send(user);
        const refused = roleGrantProblem(user.roles, editableRoles(owner, SITE_ROLES));
        if (refused) return reply.status(403).send(staffRefusal(refused));
        const removed = await ctx.state.removePosAccess(user.id);
        if (!removed) {
          return reply.status(404).send(restError(404, 'rest_user_invalid_id', 'Invalid user ID.'));
        }
        return { removed: true, user: publicUser(removed) };
      },
    ),
  );

  app.get(
    '/wp-json/pos-connect/v1/stations',
    withKey(ctx, async () => stations(ctx)),
  );

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/wp-json/pos-connect/v1/stations/:id',
    withKey(ctx, async (request, reply) => {
      const change = readStationChange(request.body);
      if ('code' in change) return reply.status(400).send(change);
      const id = /^\d+$/.test(request.params.id) ? Number(request.params.id) : NaN;
      const station = await ctx.state.updateStation(id, change);
      if (!station) {
        return reply
          .status(404)
          .send(restError(404, 'pos_station_not_found', 'Station not found.'));
      }
      return stationView(ctx, station);
    }),
  );

  app.post<{ Body: InvitationBody | undefined }>(
    '/wp-json/pos-connect/v1/invitations',
    withKey(ctx, async (request, reply) => {
      const invitation = readInvitation(request.body);
      if ('code' in invitation) return reply.status(400).send(invitation);
      const user = findUser(ctx, invitation.userId);
      if (!user)
        return reply.status(404).send(restError(404, 'rest_user_invalid_id', 'Invalid user ID.'));
      try {
        await ctx.mailer.send({
          to: { name: user.name, email: user.email },
          inviterName: invitation.inviterName,
          appName: invitation.appName,
          signupUrl: invitation.signupUrl,
        });
      } catch (error) {
        console.error(`sandbox store: invitation mail failed: ${(error as Error).message}`);
        return reply
          .status(500)
          .send(
            restError(500, 'pos_connect_mail_failed', 'The invitation email could not be sent.'),
          );
      }
      return reply.status(201).send({ message: 'The invitation is sent', user_id: user.id });
    }),
  );
}

/** WordPress's answer for a REST path no route matches. */
export function restNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .send(
      restError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
    );
}
