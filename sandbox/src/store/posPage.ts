import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { repoRoot } from '../config';
import { escapeHtml } from '../html';
import { bodyString } from '../login/context';
import type { StoreContext } from './context';
import { findUser, htmlPage, mayOpenStation } from './context';
import type { HandoffRefusal, StationSession } from './handoff';
import { isRefusal, registerApiPath } from './handoff';
import { htmlDocument, plainPage } from './pages';
import type { StationSeed } from './seed';

/** Where WordPress serves the register's files (plugins_url of the plugin's assets/register/). */
export const REGISTER_ASSETS_PATH = '/wp-content/plugins/cloud-pos/assets/register';

/** The register's build (`register/`), which the plugin's zip carries as assets/register/. */
const REGISTER_DIST = path.join(repoRoot, 'register/dist');

/** A file name of the register's build: hashed names, scripts and their licence notes only. */
const REGISTER_FILE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.js$/;

/** The register page's own look: the bar above the register application. */
const REGISTER_STYLES = `
body { background: #f6f7f7; }
.pos-bar { background: #1d2327; color: #f0f0f1; display: flex; flex-wrap: wrap; gap: 8px 24px;
  align-items: center; padding: 8px 20px; }
.pos-bar h1 { font-size: 22px; font-weight: 600; margin: 0; }
.pos-bar p { margin: 0; }
.pos-bar .pos-where { color: #dcdcde; }
.pos-bar .pos-user { margin-left: auto; }
.pos-bar form { margin: 0; }
.pos-bar button { margin: 0; min-height: 44px; background: transparent; color: #f0f0f1;
  border-color: #f0f0f1; }
@media (max-width: 760px) { .pos-bar .pos-user { margin-left: 0; } }
`;

/**
 * The register's built files as its manifest (`register/dist/manifest.json`) lists them, read
 * on each page so a rebuild shows at once; an empty list when the register is not built.
 */
function registerScripts(): string[] {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(REGISTER_DIST, 'manifest.json'), 'utf8'),
    ) as {
      scripts?: unknown;
    };
    const scripts = Array.isArray(manifest.scripts) ? manifest.scripts : [];
    return scripts
      .filter((name): name is string => typeof name === 'string' && REGISTER_FILE.test(name))
      .map((name) => `${REGISTER_ASSETS_PATH}/${name}`);
  } catch {
    return [];
  }
}

/** The station's register for a signed-in person: the bar, then the register application. */
function registerPage(ctx: StoreContext, station: StationSeed, session: StationSession): string {
  const storeUser = findUser(ctx, session.wpUserId);
  const scripts = registerScripts();
  const config = {
    posId: station.pos_id,
    restBase: registerApiPath(station.pos_id),
    token: ctx.handoff.registerToken(session),
  };
  const body = `<header class="pos-bar">
<div>
<h1>${escapeHtml(station.name)}</h1>
<p class="pos-where">${escapeHtml(ctx.seed.name)} · Station ${station.pos_id}</p>
</div>
<p class="pos-user">Signed in as ${escapeHtml(session.name)} (${escapeHtml(session.email)})${
    storeUser ? `<br><span class="pos-where">Store user: ${escapeHtml(storeUser.name)}</span>` : ''
  }</p>
<form method="post" action="/pos/${station.pos_id}/sign-out"><button type="submit">Sign out</button></form>
</header>
<div id="cloud-pos-register" data-config="${escapeHtml(JSON.stringify(config))}">${
    scripts.length === 0
      ? '<p role="alert">The register is not installed: its files are missing from the Cloud POS plugin.</p>'
      : ''
  }</div>`;
  return htmlDocument(`${station.name} · ${ctx.seed.name}`, body, {
    styles: REGISTER_STYLES,
    scriptFiles: scripts,
  });
}

function signInRequired(ctx: StoreContext, reply: FastifyReply, station: StationSeed) {
  return htmlPage(reply, 401).send(
    plainPage(
      'Sign in required',
      ctx.seed.name,
      `<h1>Sign in required</h1>
<p>${escapeHtml(station.name)} is a point of sale station of ${escapeHtml(ctx.seed.name)}.</p>
<p>Open this station from its cloud POS address.</p>`,
    ),
  );
}

function refused(
  ctx: StoreContext,
  reply: FastifyReply,
  station: StationSeed,
  refusal: HandoffRefusal,
) {
  const title = refusal.status === 403 ? 'Access denied' : 'Sign-in unavailable';
  return htmlPage(reply, refusal.status).send(
    plainPage(
      title,
      ctx.seed.name,
      `<h1>${title}</h1>
<p role="alert">${escapeHtml(refusal.reason)}</p>
<p class="muted">${escapeHtml(station.name)} · ${escapeHtml(ctx.seed.name)}</p>`,
    ),
  );
}

function noAccess(station: StationSeed): HandoffRefusal {
  return { status: 403, reason: `You do not have access to the ${station.name} station.` };
}

/**
 * The station POS pages: the cloud POS host's hand-off (`POST /pos/{pos_id}` with a token),
 * the register behind a station session, and signing out of it.
 */
export function posPageRoutes(
  app: FastifyInstance,
  ctx: StoreContext,
  notFound: (reply: FastifyReply) => FastifyReply,
): void {
  type Route = { Params: { id: string } };
  // The station pages are the Cloud POS plugin's: without it they are not there.
  const stationOf = (id: string) =>
    ctx.state.posPluginActive && /^\d+$/.test(id)
      ? ctx.state.stations().find((s) => s.pos_id === Number(id))
      : undefined;

  app.post<Route>('/pos/:id', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const result = await ctx.handoff.verify(
      bodyString(request.body, 'token'),
      ctx.home(),
      station.pos_id,
    );
    if (isRefusal(result)) return refused(ctx, reply, station, result);
    if (!mayOpenStation(ctx, station, result.wpUserId)) {
      return refused(ctx, reply, station, noAccess(station));
    }
    reply.header('set-cookie', ctx.handoff.openSessionCookies(station.pos_id, result));
    return reply.redirect(`/pos/${station.pos_id}`, 303);
  });

  app.get<Route>('/pos/:id', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const session = ctx.handoff.session(request.headers.cookie, station.pos_id);
    if (!session) return signInRequired(ctx, reply, station);
    // Access can be taken away while a register is open (Station access in wp-admin).
    if (!mayOpenStation(ctx, station, session.wpUserId)) {
      reply.header('set-cookie', [
        ctx.handoff.closeSession(session),
        ctx.handoff.clearRegisterCookie(station.pos_id),
      ]);
      return refused(ctx, reply, station, noAccess(station));
    }
    // The register's own scripts and their calls to this store, nothing else.
    return htmlPage(reply, 200, undefined, true).send(registerPage(ctx, station, session));
  });

  // The register's built files, as WordPress serves a plugin's assets.
  app.get<{ Params: { file: string } }>(`${REGISTER_ASSETS_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (!ctx.state.posPluginActive || !REGISTER_FILE.test(file)) return notFound(reply);
    let code: Buffer;
    try {
      code = readFileSync(path.join(REGISTER_DIST, file));
    } catch {
      return notFound(reply);
    }
    // Hashed names: a file never changes under its name.
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(code);
  });

  app.post<Route>('/pos/:id/sign-out', async (request, reply) => {
    const station = stationOf(request.params.id);
    if (!station) return notFound(reply);
    const session = ctx.handoff.session(request.headers.cookie, station.pos_id);
    if (session) {
      reply.header('set-cookie', [
        ctx.handoff.closeSession(session),
        ctx.handoff.clearRegisterCookie(station.pos_id),
      ]);
    }
    return reply.redirect(`/pos/${station.pos_id}`, 303);
  });
}
