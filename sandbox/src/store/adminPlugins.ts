import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import { messagePage } from './auth';
import type { AdminKit } from './adminStations';
import type { StoreContext } from './context';
import { htmlPage } from './context';
import { notice } from './pages';
import type { WpUser } from './seed';

/** wp-admin's Plugins screen. */
export const PLUGINS_PATH = '/wp-admin/plugins.php';

/** The Cloud POS plugin's file, as WordPress names an installed plugin. */
export const POS_PLUGIN_FILE = 'cloud-pos/cloud-pos.php';

/** The nonce action of activating or deactivating a plugin (WordPress's own names). */
const nonceAction = (action: 'activate' | 'deactivate', plugin: string) =>
  `${action}-plugin_${plugin}`;

/** WordPress's `activate_plugins` capability: administrators only (not shop managers). */
function canActivatePlugins(user: WpUser): boolean {
  return user.roles.includes('administrator');
}

function pluginRow(ctx: StoreContext, sessionId: string): string {
  const active = ctx.state.posPluginActive;
  const action = active ? 'deactivate' : 'activate';
  const label = active ? 'Deactivate' : 'Activate';
  const nonce = ctx.sessions.nonce(sessionId, nonceAction(action, POS_PLUGIN_FILE));
  return `<tr>
<td><strong>Cloud POS</strong><br><span class="muted">${active ? 'Active' : 'Inactive'}</span></td>
<td>Runs your POS stations from the Cloud POS dashboard: stations, station access, shared users and invitations.</td>
<td><form method="post" action="${PLUGINS_PATH}">
<input type="hidden" name="_wpnonce" value="${escapeHtml(nonce)}">
<input type="hidden" name="action" value="${action}">
<input type="hidden" name="plugin" value="${POS_PLUGIN_FILE}">
<button type="submit"${active ? ' class="secondary"' : ''} aria-label="${label} Cloud POS">${label}</button>
</form></td>
</tr>`;
}

function pluginsTable(ctx: StoreContext, sessionId: string): string {
  return `<table>
<thead><tr><th scope="col">Plugin</th><th scope="col">Description</th><th scope="col">Action</th></tr></thead>
<tbody>
${pluginRow(ctx, sessionId)}
<tr>
<td><strong>WooCommerce</strong><br><span class="muted">Active</span></td>
<td>An ecommerce toolkit that helps you sell anything. The sandbox store runs on it.</td>
<td></td>
</tr>
</tbody>
</table>`;
}

const MESSAGES: Record<string, string> = {
  activate: 'Plugin activated.',
  deactivate: 'Plugin deactivated.',
};

/**
 * wp-admin's Plugins screen: the store administrator activates or deactivates the Cloud POS
 * plugin (a nonce'd form per action, as WordPress's activate/deactivate links are nonce'd).
 * While it is inactive its REST namespace, routes, station pages and screens are gone.
 */
export function adminPluginRoutes(app: FastifyInstance, ctx: StoreContext, kit: AdminKit): void {
  const notAllowed = (reply: FastifyReply) =>
    htmlPage(reply, 403).send(
      messagePage(ctx, 'Error', 'Sorry, you are not allowed to manage plugins for this site.'),
    );

  app.get<{ Querystring: { done?: string } }>(PLUGINS_PATH, async (request, reply) => {
    const admin = kit.requireAdmin(request, reply);
    if (!('user' in admin)) return admin;
    if (!canActivatePlugins(admin.user)) return notAllowed(reply);
    const done = MESSAGES[request.query.done ?? ''];
    return kit.render(reply, admin, {
      title: 'Plugins',
      content: `${done ? notice('success', done) : ''}${pluginsTable(ctx, admin.sessionId)}`,
    });
  });

  app.post(PLUGINS_PATH, async (request, reply) => {
    const admin = kit.requireAdmin(request, reply);
    if (!('user' in admin)) return admin;
    if (!canActivatePlugins(admin.user)) return notAllowed(reply);
    const action = bodyString(request.body, 'action');
    const plugin = bodyString(request.body, 'plugin') ?? '';
    if (
      (action !== 'activate' && action !== 'deactivate') ||
      !ctx.sessions.checkNonce(
        admin.sessionId,
        nonceAction(action, plugin),
        bodyString(request.body, '_wpnonce'),
      )
    ) {
      return htmlPage(reply, 403).send(
        messagePage(ctx, 'Error', 'The link you followed has expired.'),
      );
    }
    if (plugin !== POS_PLUGIN_FILE) {
      return htmlPage(reply, 404).send(messagePage(ctx, 'Error', 'Plugin file does not exist.'));
    }
    await ctx.state.setPosPlugin(action === 'activate');
    return reply.redirect(`${PLUGINS_PATH}?done=${action}`, 303);
  });
}
