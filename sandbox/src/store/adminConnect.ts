import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { repoRoot } from '../config';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import { currentUser, messagePage, userCan } from './auth';
import type { StoreContext } from './context';
import { htmlPage, rawQuery } from './context';
import type { WpUser } from './seed';

/** The Cloud POS plugin's "Connect to Cloud POS" screen (its admin menu page). */
export const CONNECT_PAGE = 'cloud-pos-connect';
export const CONNECT_PATH = `/wp-admin/admin.php?page=${CONNECT_PAGE}`;

/** WordPress's admin-ajax endpoint and the plugin's action that saves the station address. */
export const AJAX_PATH = '/wp-admin/admin-ajax.php';
export const SAVE_ACTION = 'cloud_pos_save_station';

/** Where WordPress serves the plugin's script (plugins_url of assets/connect.js). */
export const CONNECT_SCRIPT_PATH = '/wp-content/plugins/cloud-pos/assets/connect.js';

/** The script itself: the real plugin's file, so the sandbox runs exactly what stores run. */
const CONNECT_SCRIPT_FILE = path.join(repoRoot, 'wordpress-plugin/cloud-pos/assets/connect.js');

/** A station address longer than this is refused (the plugin's Cloud_POS_Rules::station_url). */
export const MAX_STATION_URL_LENGTH = 2048;

export const CONNECT_TITLE = 'Connect to Cloud POS';

type Admin = { sessionId: string; user: WpUser };

/** The station address to keep: an absolute http(s) URL without credentials, or undefined. */
export function stationUrl(value: string | undefined): string | undefined {
  if (!value || value.length > MAX_STATION_URL_LENGTH || /[\s<>"]/.test(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol) || !parsed.hostname) return undefined;
  if (parsed.username || parsed.password) return undefined;
  return parsed.href;
}

/** Whether this admin.php request is the connect screen (and the plugin that adds it is on). */
export function isConnectPage(ctx: StoreContext, request: FastifyRequest): boolean {
  return (
    ctx.state.posPluginActive &&
    new URLSearchParams(rawQuery(request.url)).get('page') === CONNECT_PAGE
  );
}

/** The Cloud POS menu is shown to users with manage_options while the plugin is active. */
export function mayConnect(ctx: StoreContext, user: WpUser): boolean {
  return ctx.state.posPluginActive && userCan(user, 'manage_options');
}

/** The screen's content: the root element connect.js reads, its buttons and regions. */
export function connectContent(ctx: StoreContext, admin: Admin): string {
  const saved = ctx.state.cloudPosStationUrl;
  const nonce = ctx.sessions.nonce(admin.sessionId, SAVE_ACTION);
  const link = saved ? escapeHtml(saved) : '';
  return `<div id="cloud-pos-connect" class="box"
  data-dashboard-url="${escapeHtml(ctx.dashboardUrl)}"
  data-home-url="${escapeHtml(ctx.home())}"
  data-save-url="${AJAX_PATH}"
  data-save-action="${SAVE_ACTION}"
  data-nonce="${escapeHtml(nonce)}">
<p>Connect ${escapeHtml(ctx.seed.name)} to Cloud POS to sell in the browser from your POS stations.
A Cloud POS window opens: sign in or create an account there, confirm that this store (its name and address) is the one to connect, and approve the connection of this store.
When it is done, the address of your first station appears on this page.</p>
<div class="actions">
<button type="button" data-auth-mode="login" data-testid="cloud-pos-connect-login">Connect to Cloud POS</button>
<button type="button" class="secondary" data-auth-mode="register" data-testid="cloud-pos-connect-register">Create an account</button>
</div>
<p class="muted" role="status" aria-live="polite" data-cloud-pos-status data-testid="cloud-pos-connect-status"></p>
<div class="notice error" role="alert" data-cloud-pos-error data-testid="cloud-pos-connect-error" hidden></div>
<div data-cloud-pos-station data-testid="cloud-pos-station"${saved ? '' : ' hidden'}>
<h2>Your cloud POS station</h2>
<p><a href="${link}" target="_blank" rel="noopener" data-cloud-pos-station-link data-testid="cloud-pos-station-link">${link}</a></p>
</div>
</div>`;
}

/** admin-ajax.php's answers: WordPress's wp_send_json_success / wp_send_json_error shapes. */
function ajaxError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ success: false, data: { message } });
}

/**
 * The connect screen's script and its save: `GET` the plugin's connect.js (read once from the
 * repository), and `POST /wp-admin/admin-ajax.php` with `action=cloud_pos_save_station`,
 * `_wpnonce` and `station_url`, as the real plugin's wp_ajax_ handler: logged out or another
 * action → 400 `0` (WordPress's own answer), no manage_options or a bad nonce → 403, a bad
 * address → 400, else the address is kept in the store's state → `{success: true, data}`.
 */
export function adminConnectRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const script = readFileSync(CONNECT_SCRIPT_FILE, 'utf8');
  app.get(CONNECT_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(script),
  );

  app.post(AJAX_PATH, async (request, reply) => {
    const admin = currentUser(ctx, request);
    const action = bodyString(request.body, 'action');
    if (!admin || action !== SAVE_ACTION || !ctx.state.posPluginActive) {
      return reply.status(400).type('text/html; charset=utf-8').send('0');
    }
    if (!userCan(admin.user, 'manage_options')) {
      return ajaxError(reply, 403, 'Sorry, you are not allowed to do that.');
    }
    if (
      !ctx.sessions.checkNonce(admin.sessionId, SAVE_ACTION, bodyString(request.body, '_wpnonce'))
    ) {
      return ajaxError(reply, 403, 'The link you followed has expired.');
    }
    const url = stationUrl(bodyString(request.body, 'station_url')?.trim());
    if (!url) {
      return ajaxError(
        reply,
        400,
        `The station address must be an http(s) address of at most ${MAX_STATION_URL_LENGTH} characters.`,
      );
    }
    await ctx.state.setCloudPosStationUrl(url);
    return reply
      .header('cache-control', 'no-store')
      .send({ success: true, data: { stationUrl: url } });
  });
}

/** The refusal of the connect screen to a store manager without manage_options. */
export function connectRefusal(ctx: StoreContext, reply: FastifyReply): FastifyReply {
  return htmlPage(reply, 403).send(
    messagePage(ctx, 'Error', 'Sorry, you are not allowed to access this page.'),
  );
}
