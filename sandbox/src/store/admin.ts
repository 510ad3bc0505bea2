import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import {
  LOGIN_ERROR,
  canManageWooCommerce,
  checkLogin,
  currentUser,
  loginPage,
  messagePage,
} from './auth';
import type { StoreContext } from './context';
import { htmlPage, rawQuery } from './context';
import { PLUGINS_PATH, adminPluginRoutes } from './adminPlugins';
import {
  CONNECT_PATH,
  CONNECT_SCRIPT_PATH,
  CONNECT_TITLE,
  adminConnectRoutes,
  connectContent,
  connectRefusal,
  isConnectPage,
  mayConnect,
} from './adminConnect';
import type { AdminKit } from './adminStations';
import { STATIONS_PATH, adminStationRoutes, stationAccessPage } from './adminStations';
import type { AdminPageOptions } from './pages';
import { adminPage, notice } from './pages';
import type { WpUser } from './seed';
import type { ApiKeyRecord, KeyPermissions, NewKey } from './state';
import { KEY_PERMISSIONS } from './state';

export const KEYS_PATH = '/wp-admin/admin.php?page=wc-settings&tab=advanced&section=keys';

const PERMISSION_LABELS: Record<KeyPermissions, string> = {
  read: 'Read',
  write: 'Write',
  read_write: 'Read/Write',
};

const KEYS_ACTION = 'woocommerce-settings';
const LOGOUT_ACTION = 'log-out';

/** Only same-site paths: `redirect_to` must never send the admin to another origin. */
function safeRedirect(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/wp-admin/';
  }
  return value;
}

function dateTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC` : 'Unknown';
}

type Admin = { sessionId: string; user: WpUser };

/** The admin of this request, or the redirect to the login / the refusal already sent. */
function requireAdmin(
  ctx: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Admin | FastifyReply {
  const admin = currentUser(ctx, request);
  if (!admin) {
    const params = new URLSearchParams({ redirect_to: request.url, reauth: '1' });
    return reply.redirect(`/wp-login.php?${params}`, 302);
  }
  if (!canManageWooCommerce(admin.user)) {
    return htmlPage(reply, 403).send(
      messagePage(ctx, 'Error', 'Sorry, you are not allowed to access this page.'),
    );
  }
  return admin;
}

function renderAdmin(
  ctx: StoreContext,
  reply: FastifyReply,
  admin: Admin,
  page: Pick<AdminPageOptions, 'title' | 'current' | 'content' | 'scripts'>,
  status = 200,
): FastifyReply {
  const logout = `/wp-login.php?action=logout&_wpnonce=${ctx.sessions.nonce(admin.sessionId, LOGOUT_ACTION)}`;
  return htmlPage(reply, status, undefined, Boolean(page.scripts?.length)).send(
    adminPage({
      ...page,
      siteName: ctx.seed.name,
      userName: admin.user.name,
      logoutHref: logout,
      posPluginActive: ctx.state.posPluginActive,
      connectMenu: mayConnect(ctx, admin.user),
    }),
  );
}

function usersTable(users: readonly WpUser[]): string {
  const rows = users
    .map(
      (u) => `<tr><td>${escapeHtml(u.username)}</td><td>${escapeHtml(u.name)}</td>
<td>${escapeHtml(u.email)}</td><td>${escapeHtml(u.roles.join(', '))}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption class="muted">${users.length} users</caption>
<thead><tr><th scope="col">Username</th><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function keysTable(ctx: StoreContext, keys: readonly ApiKeyRecord[], nonce: string): string {
  if (keys.length === 0) return '<p>No API keys yet.</p>';
  const owner = (id: number) => ctx.state.user(id)?.name ?? `User ${id}`;
  const rows = keys
    .map(
      (key) => `<tr>
<td>${escapeHtml(key.description)}</td>
<td><code>…${escapeHtml(key.truncated_key)}</code></td>
<td>${escapeHtml(owner(key.user_id))}</td>
<td>${PERMISSION_LABELS[key.permissions]}</td>
<td>${dateTime(key.last_access)}</td>
<td><form method="post" action="${KEYS_PATH}">
<input type="hidden" name="_wpnonce" value="${nonce}">
<input type="hidden" name="revoke_key" value="${key.key_id}">
<button type="submit" class="delete" aria-label="Revoke ${escapeHtml(key.description)}">Revoke</button>
</form></td>
</tr>`,
    )
    .join('\n');
  return `<table>
<thead><tr><th scope="col">Description</th><th scope="col">Consumer key ending in</th><th scope="col">User</th>
<th scope="col">Permissions</th><th scope="col">Last access</th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

interface KeysView {
  created?: NewKey;
  error?: string;
  revoked?: boolean;
  values?: { description: string; user: string; permissions: string };
}

function keysContent(ctx: StoreContext, admin: Admin, view: KeysView): string {
  const nonce = ctx.sessions.nonce(admin.sessionId, KEYS_ACTION);
  const values = view.values ?? {
    description: '',
    user: String(admin.user.id),
    permissions: 'read',
  };
  const userOptions = ctx.state
    .users()
    .map(
      (u) =>
        `<option value="${u.id}"${String(u.id) === values.user ? ' selected' : ''}>${escapeHtml(`${u.name} (${u.username})`)}</option>`,
    )
    .join('');
  const permissionOptions = KEY_PERMISSIONS.map(
    (p) =>
      `<option value="${p}"${p === values.permissions ? ' selected' : ''}>${PERMISSION_LABELS[p]}</option>`,
  ).join('');
  const created = view.created
    ? `${notice(
        'success',
        'API Key generated successfully. Make sure to copy your new keys now as the secret key will be hidden once you leave this page.',
      )}
<div class="box">
<h2>Your new key</h2>
<label for="key_consumer_key">Consumer key</label>
<input type="text" id="key_consumer_key" readonly value="${escapeHtml(view.created.consumer_key)}">
<label for="key_consumer_secret">Consumer secret</label>
<input type="text" id="key_consumer_secret" readonly value="${escapeHtml(view.created.consumer_secret)}">
</div>`
    : '';
  return `${view.revoked ? notice('success', 'API key revoked.') : ''}
${view.error ? notice('error', escapeHtml(view.error)) : ''}
${created}
<h2>Keys</h2>
${keysTable(ctx, ctx.state.keys(), nonce)}
<div class="box">
<h2>Add key</h2>
<form method="post" action="${KEYS_PATH}">
<input type="hidden" name="_wpnonce" value="${nonce}">
<label for="key_description">Description</label>
<input type="text" id="key_description" name="description" maxlength="200" required value="${escapeHtml(values.description)}">
<label for="key_user">User</label>
<select id="key_user" name="user">${userOptions}</select>
<label for="key_permissions">Permissions</label>
<select id="key_permissions" name="permissions">${permissionOptions}</select>
<div><button type="submit">Generate API key</button></div>
</form>
</div>`;
}

function isKeysPage(request: FastifyRequest): boolean {
  const query = new URLSearchParams(rawQuery(request.url));
  return (
    query.get('page') === 'wc-settings' &&
    query.get('tab') === 'advanced' &&
    query.get('section') === 'keys'
  );
}

/** wp-login.php and the wp-admin screens: dashboard, users, WooCommerce REST API keys. */
export function adminRoutes(app: FastifyInstance, ctx: StoreContext): void {
  type LoginRoute = {
    Querystring: { redirect_to?: string; action?: string; _wpnonce?: string; loggedout?: string };
  };

  app.get<LoginRoute>('/wp-login.php', async (request, reply) => {
    const { query } = request;
    if (query.action === 'logout') {
      const admin = currentUser(ctx, request);
      if (admin && ctx.sessions.checkNonce(admin.sessionId, LOGOUT_ACTION, query._wpnonce)) {
        ctx.sessions.delete(admin.sessionId);
        reply.header('set-cookie', ctx.sessions.clearCookie());
      }
      return reply.redirect('/wp-login.php?loggedout=true', 302);
    }
    return htmlPage(reply, 200).send(
      loginPage(ctx, {
        action: '/wp-login.php',
        info: query.loggedout === 'true' ? 'You are now logged out.' : undefined,
        hidden: { redirect_to: safeRedirect(query.redirect_to) },
      }),
    );
  });

  app.post('/wp-login.php', async (request, reply) => {
    const username = bodyString(request.body, 'log') ?? '';
    const redirectTo = safeRedirect(bodyString(request.body, 'redirect_to'));
    const user = checkLogin(ctx, username, bodyString(request.body, 'pwd') ?? '');
    if (!user) {
      return htmlPage(reply, 200).send(
        loginPage(ctx, {
          action: '/wp-login.php',
          username,
          error: LOGIN_ERROR,
          hidden: { redirect_to: redirectTo },
        }),
      );
    }
    reply.header('set-cookie', ctx.sessions.create(user).cookie);
    return reply.redirect(redirectTo, 302);
  });

  const dashboard = async (request: FastifyRequest, reply: FastifyReply) => {
    const admin = requireAdmin(ctx, request, reply);
    if (!('user' in admin)) return admin;
    return renderAdmin(ctx, reply, admin, {
      title: 'Dashboard',
      current: 'dashboard',
      content: `<div class="box">
<h2>Welcome to ${escapeHtml(ctx.seed.name)}</h2>
<p>${escapeHtml(ctx.seed.description)}</p>
<ul>
<li><a href="/wp-admin/users.php">Users and roles</a> (${ctx.state.users().length})</li>
<li><a href="${KEYS_PATH}">WooCommerce › Settings › Advanced › REST API</a> (${ctx.state.keys().length} keys)</li>
${ctx.state.posPluginActive ? `<li><a href="${STATIONS_PATH}">POS Stations</a> (${ctx.state.stations().length}); multiple-user plugin ${ctx.state.multipleUserPluginActive ? 'active' : 'inactive'}</li>` : ''}
${mayConnect(ctx, admin.user) ? `<li><a href="${CONNECT_PATH}">Connect to Cloud POS</a>${ctx.state.cloudPosStationUrl ? ' (connected)' : ''}</li>` : ''}
<li><a href="${PLUGINS_PATH}">Plugins</a>: Cloud POS ${ctx.state.posPluginActive ? 'active' : 'inactive'}</li>
<li><a href="/">Visit site</a></li>
</ul>
</div>`,
    });
  };
  app.get('/wp-admin', async (_request, reply) => reply.redirect('/wp-admin/', 301));
  app.get('/wp-admin/', dashboard);
  app.get('/wp-admin/index.php', dashboard);

  const kit: AdminKit = {
    requireAdmin: (request, reply) => requireAdmin(ctx, request, reply),
    render: (reply, admin, page, status) =>
      renderAdmin(ctx, reply, admin, { ...page, current: 'stations' }, status),
  };
  adminStationRoutes(app, ctx, kit);
  adminConnectRoutes(app, ctx);
  adminPluginRoutes(app, ctx, {
    ...kit,
    render: (reply, admin, page, status) =>
      renderAdmin(ctx, reply, admin, { ...page, current: 'plugins' }, status),
  });

  app.get('/wp-admin/users.php', async (request, reply) => {
    const admin = requireAdmin(ctx, request, reply);
    if (!('user' in admin)) return admin;
    const access = stationAccessPage(ctx, request, reply, kit, admin);
    if (access) return access;
    return renderAdmin(ctx, reply, admin, {
      title: 'Users',
      current: 'users',
      content: usersTable(ctx.state.users()),
    });
  });

  app.get<{ Querystring: { revoked?: string } }>('/wp-admin/admin.php', async (request, reply) => {
    const admin = requireAdmin(ctx, request, reply);
    if (!('user' in admin)) return admin;
    if (isConnectPage(ctx, request)) {
      if (!mayConnect(ctx, admin.user)) return connectRefusal(ctx, reply);
      return renderAdmin(ctx, reply, admin, {
        title: CONNECT_TITLE,
        current: 'connect',
        content: connectContent(ctx, admin),
        scripts: [CONNECT_SCRIPT_PATH],
      });
    }
    if (!isKeysPage(request)) {
      return htmlPage(reply, 404).send(
        messagePage(ctx, 'Error', 'Sorry, you are not allowed to access this page.'),
      );
    }
    return renderAdmin(ctx, reply, admin, {
      title: 'REST API',
      current: 'keys',
      content: keysContent(ctx, admin, { revoked: request.query.revoked === '1' }),
    });
  });

  app.post('/wp-admin/admin.php', async (request, reply) => {
    const admin = requireAdmin(ctx, request, reply);
    if (!('user' in admin)) return admin;
    if (
      !isKeysPage(request) ||
      !ctx.sessions.checkNonce(admin.sessionId, KEYS_ACTION, bodyString(request.body, '_wpnonce'))
    ) {
      return htmlPage(reply, 403).send(
        messagePage(ctx, 'Error', 'The link you followed has expired.'),
      );
    }
    const revoke = bodyString(request.body, 'revoke_key');
    if (revoke !== undefined) {
      await ctx.state.deleteKey(Number(revoke));
      return reply.redirect(`${KEYS_PATH}&revoked=1`, 303);
    }
    const values = {
      description: (bodyString(request.body, 'description') ?? '').trim(),
      user: bodyString(request.body, 'user') ?? '',
      permissions: bodyString(request.body, 'permissions') ?? '',
    };
    const owner = ctx.state.users().find((u) => String(u.id) === values.user);
    const error = !values.description
      ? 'Description is missing.'
      : !owner
        ? 'User is missing.'
        : !(KEY_PERMISSIONS as readonly string[]).includes(values.permissions)
          ? 'Permissions is missing.'
          : undefined;
    if (error || !owner) {
      return renderAdmin(
        ctx,
        reply,
        admin,
        {
          title: 'REST API',
          current: 'keys',
          content: keysContent(ctx, admin, { error, values }),
        },
        400,
      );
    }
    const created = await ctx.state.createKey({
      user_id: owner.id,
      description: values.description.slice(0, 200),
      permissions: values.permissions as KeyPermissions,
    });
    return renderAdmin(ctx, reply, admin, {
      title: 'REST API',
      current: 'keys',
      content: keysContent(ctx, admin, { created }),
    });
  });
}
