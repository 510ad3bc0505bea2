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

/** The multiple-user add-on's file (wordpress-plugin/cloud-pos-staff). */
export const STAFF_PLUGIN_FILE = 'cloud-pos-staff/cloud-pos-staff.php';

/** A plugin the screen can switch: its name, description and where its flag lives. */
interface SwitchablePlugin {
  file: string;
  name: string;
  description: string;
  active: (ctx: StoreContext) => boolean;
  set: (ctx: StoreContext, active: boolean) => Promise<void>;
}

const PLUGINS: readonly SwitchablePlugin[] = [
  {
    file: POS_PLUGIN_FILE,
    name: 'Cloud POS',
    description:
      'Runs your POS stations from the Cloud POS dashboard: stations, station access, shared users and invitations.',
    active: (ctx) => ctx.state.posPluginActive,
    set: (ctx, active) => ctx.state.setPosPlugin(active),
  },
  {
    file: STAFF_PLUGIN_FILE,
    name: 'Cloud POS Staff',
    description:
      "Multiple users for Cloud POS: lets the Cloud POS dashboard list the store's POS staff and create, change and remove them (its Staff screen).",
    active: (ctx) => ctx.state.multipleUserPluginActive,
    set: (ctx, active) => ctx.state.setMultipleUserPlugin(active),
  },
];

/** The nonce action of activating or deactivating a plugin (WordPress's own names). */
const nonceAction = (action: 'activate' | 'deactivate', plugin: string) =>
  `${action}-plugin_${plugin}`;

/** WordPress's `activate_plugins` capability: administrators only (not shop managers). */
function canActivatePlugins(user: WpUser): boolean {
  return user.roles.includes('administrator');
}

function pluginRow(ctx: StoreContext, sessionId: string, plugin: SwitchablePlugin): string {
  const active = plugin.active(ctx);
  const action = active ? 'deactivate' : 'activate';
  const label = active ? 'Deactivate' : 'Activate';
  const nonce = ctx.sessions.nonce(sessionId, nonceAction(action, plugin.file));
  return `<tr>
<td><strong>${escapeHtml(plugin.name)}</strong><br><span class="muted">${active ? 'Active' : 'Inactive'}</span></td>
<td>${escapeHtml(plugin.description)}</td>
<td><form method="post" action="${PLUGINS_PATH}">
<input type="hidden" name="_wpnonce" value="${escapeHtml(nonce)}">
<input type="hidden" name="action" value="${action}">
<input type="hidden" name="plugin" value="${escapeHtml(plugin.file)}">
<button type="submit"${active ? ' class="secondary"' : ''} aria-label="${label} ${escapeHtml(plugin.name)}">${label}</button>
</form></td>
</tr>`;
}

function pluginsTable(ctx: StoreContext, sessionId: string): string {
  return `<table>
<thead><tr><th scope="col">Plugin</th><th scope="col">Description</th><th scope="col">Action</th></tr></thead>
<tbody>
${PLUGINS.map((plugin) => pluginRow(ctx, sessionId, plugin)).join('\n')}
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
 * plugin and its multiple-user add-on, Cloud POS Staff (a nonce'd form per action, as
 * WordPress's activate/deactivate links are nonce'd). While Cloud POS is inactive its REST
 * namespace, routes, station pages and screens are gone; Cloud POS Staff is the store's
 * `multiple_user_plugin_active` flag.
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
    const switched = PLUGINS.find((candidate) => candidate.file === plugin);
    if (!switched) {
      return htmlPage(reply, 404).send(messagePage(ctx, 'Error', 'Plugin file does not exist.'));
    }
    await switched.set(ctx, action === 'activate');
    return reply.redirect(`${PLUGINS_PATH}?done=${action}`, 303);
  });
}
