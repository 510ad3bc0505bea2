import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import { messagePage } from './auth';
import type { StoreContext } from './context';
import { hasPosRole, htmlPage, rawQuery } from './context';
import { notice } from './pages';
import type { StationSeed, WpUser } from './seed';

/** The POS plugin's station list in wp-admin (stations are the `pos_station` post type). */
export const STATIONS_PATH = '/wp-admin/edit.php?post_type=pos_station';

/** The users screen for one station's POS access. */
export function stationAccessPath(posId: number): string {
  return `/wp-admin/users.php?pos_station=${posId}`;
}

const deleteAction = (posId: number) => `delete-post_${posId}`;
const accessAction = (posId: number) => `pos-station-access_${posId}`;

/** What the admin routes lend this module: the signed-in admin check and the page frame. */
export interface AdminKit {
  requireAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
  ): { sessionId: string; user: WpUser } | FastifyReply;
  render(
    reply: FastifyReply,
    admin: { sessionId: string; user: WpUser },
    page: { title: string; content: string },
    status?: number,
  ): FastifyReply;
}

function posUsers(ctx: StoreContext): WpUser[] {
  return ctx.state.users().filter(hasPosRole);
}

function accessText(ctx: StoreContext, station: StationSeed): string {
  if (station.users === null) return 'All POS users';
  const names = station.users.map((id) => ctx.state.user(id)?.name ?? `User ${id}`);
  return names.length ? names.join(', ') : 'Nobody';
}

function stationsTable(ctx: StoreContext, nonce: (posId: number) => string): string {
  const list = ctx.state.stations();
  if (list.length === 0) return '<p>No POS stations found.</p>';
  const rows = list
    .map(
      (s) => `<tr>
<td>${escapeHtml(s.name)}</td>
<td>${s.pos_id}</td>
<td>${s.cloud_slug ? `<code>${escapeHtml(s.cloud_slug)}</code>` : '—'}</td>
<td>${s.is_default ? 'Yes' : 'No'}</td>
<td>${escapeHtml(accessText(ctx, s))}</td>
<td><div class="actions">
<a href="${stationAccessPath(s.pos_id)}" aria-label="Edit access to ${escapeHtml(s.name)}">Edit access</a>
<form method="post" action="${STATIONS_PATH}">
<input type="hidden" name="action" value="delete">
<input type="hidden" name="post" value="${s.pos_id}">
<input type="hidden" name="_wpnonce" value="${nonce(s.pos_id)}">
<button type="submit" class="delete" aria-label="Delete ${escapeHtml(s.name)}">Delete</button>
</form>
</div></td>
</tr>`,
    )
    .join('\n');
  return `<table>
<caption class="muted">${list.length} ${list.length === 1 ? 'station' : 'stations'}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">POS ID</th><th scope="col">Cloud POS URL slug</th>
<th scope="col">Default</th><th scope="col">Access</th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function accessForm(ctx: StoreContext, station: StationSeed, nonce: string): string {
  const all = station.users === null;
  const boxes = posUsers(ctx)
    .map((u) => {
      const checked = all || station.users?.includes(u.id) ? ' checked' : '';
      return `<div class="check"><input type="checkbox" id="pos_user_${u.id}" name="users" value="${u.id}"${checked}>
<label for="pos_user_${u.id}">${escapeHtml(`${u.name} (${u.email})`)}</label></div>`;
    })
    .join('\n');
  return `<p>Choose who may open <strong>${escapeHtml(station.name)}</strong> (POS ID ${station.pos_id}).</p>
<form method="post" action="${stationAccessPath(station.pos_id)}" class="box">
<input type="hidden" name="_wpnonce" value="${nonce}">
<div class="check"><input type="checkbox" id="all_users" name="all_users" value="1"${all ? ' checked' : ''} aria-describedby="all_users_hint">
<label for="all_users">All POS users</label></div>
<p id="all_users_hint" class="muted">Every store user with a POS role may open the station; the list below is then ignored.</p>
<fieldset>
<legend>POS users</legend>
${boxes}
</fieldset>
<div class="actions"><button type="submit">Save</button><a href="${STATIONS_PATH}">Back to POS Stations</a></div>
</form>`;
}

/** A list field of a parsed form body (repeated names arrive as an array). */
function bodyList(body: unknown, name: string): string[] {
  if (body == null || typeof body !== 'object') return [];
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The POS plugin's wp-admin screens: the station list (with Delete) and station access. */
export function adminStationRoutes(app: FastifyInstance, ctx: StoreContext, kit: AdminKit): void {
  const expired = (reply: FastifyReply) =>
    htmlPage(reply, 403).send(messagePage(ctx, 'Error', 'The link you followed has expired.'));
  // The pos_station post type exists only while the Cloud POS plugin is active.
  const isStationList = (request: FastifyRequest) =>
    ctx.state.posPluginActive &&
    new URLSearchParams(rawQuery(request.url)).get('post_type') === 'pos_station';
  const renderList = (
    reply: FastifyReply,
    admin: { sessionId: string; user: WpUser },
    message = '',
  ) =>
    kit.render(reply, admin, {
      title: 'POS Stations',
      content: `${message}${stationsTable(ctx, (id) => ctx.sessions.nonce(admin.sessionId, deleteAction(id)))}`,
    });

  app.get<{ Querystring: { deleted?: string } }>('/wp-admin/edit.php', async (request, reply) => {
    const admin = kit.requireAdmin(request, reply);
    if (!('user' in admin)) return admin;
    if (!isStationList(request)) {
      return htmlPage(reply, 404).send(messagePage(ctx, 'Error', 'Invalid post type.'));
    }
    return renderList(
      reply,
      admin,
      request.query.deleted === '1' ? notice('success', '1 station permanently deleted.') : '',
    );
  });

  app.post('/wp-admin/edit.php', async (request, reply) => {
    const admin = kit.requireAdmin(request, reply);
    if (!('user' in admin)) return admin;
    const posId = Number(bodyString(request.body, 'post'));
    if (
      !isStationList(request) ||
      bodyString(request.body, 'action') !== 'delete' ||
      !Number.isInteger(posId) ||
      !ctx.sessions.checkNonce(
        admin.sessionId,
        deleteAction(posId),
        bodyString(request.body, '_wpnonce'),
      )
    ) {
      return expired(reply);
    }
    if (!(await ctx.state.deleteStation(posId))) {
      return htmlPage(reply, 404).send(
        messagePage(ctx, 'Error', 'You attempted to edit an item that does not exist.'),
      );
    }
    return reply.redirect(`${STATIONS_PATH}&deleted=1`, 303);
  });

  app.post('/wp-admin/users.php', async (request, reply) => {
    const admin = kit.requireAdmin(request, reply);
    if (!('user' in admin)) return admin;
    const raw = new URLSearchParams(rawQuery(request.url)).get('pos_station');
    const station = ctx.state.stations().find((s) => String(s.pos_id) === raw);
    if (
      !ctx.state.posPluginActive ||
      !station ||
      !ctx.sessions.checkNonce(
        admin.sessionId,
        accessAction(station.pos_id),
        bodyString(request.body, '_wpnonce'),
      )
    ) {
      return expired(reply);
    }
    const allowed = new Set(posUsers(ctx).map((u) => u.id));
    const users =
      bodyString(request.body, 'all_users') === '1'
        ? null
        : [...new Set(bodyList(request.body, 'users').map(Number))]
            .filter((id) => allowed.has(id))
            .sort((a, b) => a - b);
    await ctx.state.updateStation(station.pos_id, { users });
    return reply.redirect(`${stationAccessPath(station.pos_id)}&updated=1`, 303);
  });
}

/**
 * The station access screen (`users.php?pos_station={pos_id}`), or undefined when the request
 * is for the plain users list.
 */
export function stationAccessPage(
  ctx: StoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kit: AdminKit,
  admin: { sessionId: string; user: WpUser },
): FastifyReply | undefined {
  const query = new URLSearchParams(rawQuery(request.url));
  const raw = query.get('pos_station');
  // Without the plugin, WordPress ignores the unknown query variable: the plain users list.
  if (raw === null || !ctx.state.posPluginActive) return undefined;
  const station = ctx.state.stations().find((s) => String(s.pos_id) === raw);
  if (!station) {
    return htmlPage(reply, 404).send(
      messagePage(ctx, 'Error', 'You attempted to edit an item that does not exist.'),
    );
  }
  const nonce = ctx.sessions.nonce(admin.sessionId, accessAction(station.pos_id));
  return kit.render(reply, admin, {
    title: `Station access: ${station.name}`,
    content: `${query.get('updated') === '1' ? notice('success', 'Station access updated.') : ''}${accessForm(ctx, station, nonce)}`,
  });
}
