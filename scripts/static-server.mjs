#!/usr/bin/env node
// Serves the shell and every remote on Fastify: @fastify/static (ETag, 304, Range),
// @fastify/compress (brotli and gzip by Accept-Encoding) and @fastify/http-proxy (the same-origin
// api proxy). Hashed assets are cached for a year; entries, manifests and JSON answer no-cache.
// Every answer carries nosniff and a Referrer-Policy; HTML pages a Content-Security-Policy
// (scripts/lib/csp.cjs): `--csp shell` computes the shell's from the remotes.json and config.json
// it serves, on every page load; `--csp standalone` is a remote's own dev page's.
// `--first-paint` renders a signed-in visitor's dashboard into its HTML with the shell's server
// module (shell/src/firstPaint/server.tsx), from the api's answers to the visitor's own token.
//
//   node scripts/static-server.mjs --root mf-admin/dist --port 3006 --cors --csp standalone
//   node scripts/static-server.mjs --root shell/dist --port 3000 --spa --csp shell \
//     --proxy /api/connect-ui=http://127.0.0.1:4000[,http://127.0.0.1:4001] --json /remotes.json=.run/remotes.json \
//     --json /config.json=.run/config.json --first-paint shell/dist-server/first-paint.cjs \
//     --download /downloads/cloud-pos.zip=wordpress-plugin/dist/cloud-pos.zip \
//     --download /downloads/cloud-pos-staff.zip=wordpress-plugin/dist/cloud-pos-staff.zip
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { constants as zlib } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyHttpProxy from '@fastify/http-proxy';
import csp from './lib/csp.cjs';
import liveMapping from './lib/live-mapping.cjs';
import staticHeaders from './lib/static-headers.cjs';

/**
 * @typedef {object} StaticServerOptions
 * @property {string} root folder to serve
 * @property {number} port
 * @property {string} [host]
 * @property {boolean} [spa] answer unknown extension-less GETs (and HTML navigations) with index.html
 * @property {boolean} [cors] allow any origin to fetch the files (remotes)
 * @property {Record<string,string>} [proxy] path prefix → target origin, or several origins
 *   separated by commas, taken in turn (round robin: the api's instances share everything
 *   through the database, so no request needs the instance of the one before)
 * @property {Record<string,string>} [json] URL path → JSON file served with no-cache
 * @property {Record<string,string>} [html] URL path prefix → HTML file of root (extra entries)
 * @property {Record<string,string>} [download] URL path → file sent as an attachment (the plugin zip)
 * @property {'shell' | 'standalone'} [csp] the HTML pages' Content-Security-Policy: the shell's
 *   (from the files of `json['/remotes.json']` and `json['/config.json']`), or a remote's
 *   standalone page's
 * @property {string} [cspStripeJs] Stripe.js's URL a standalone page may load (--csp-stripe-js)
 * @property {string} [firstPaint] the shell's first-paint server module (--first-paint): the
 *   signed-in dashboard's first paint in its HTML; needs `json['/config.json']` and the api's proxy;
 *   it lays out the remotes' slots of /remotes.json as served (the live releases' when mapped)
 * @property {string} [releases] a remote's releases folder (--releases), served at /releases/
 *   with `immutable` caching: each release's folder is named by its content and never rewritten
 * @property {string} [liveReleases] the api's live release mapping (--live-releases URL):
 *   /remotes.json is the file of `json['/remotes.json']` with each remote's live release and
 *   canary put in (their entries and slots), kept for at most a second with the file's content (scripts/lib/live-mapping.cjs)
 *   and dropped when a release action passes through the proxy (the api's last answer, or the
 *   file alone, when the api does not answer in time)
 */

/**
 * Parses `--key value` pairs; repeated --proxy/--json/--html/--download collect into maps.
 * @param {string[]} argv
 * @returns {StaticServerOptions}
 */
export function parseArgs(argv) {
  const options = {
    proxy: {},
    json: {},
    html: {},
    download: {},
    host: '127.0.0.1',
    spa: false,
    cors: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const next = () => {
      const value = argv[(i += 1)];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      return value;
    };
    const pair = (value) => {
      const at = value.indexOf('=');
      if (at < 1) throw new Error(`${flag} takes PATH=VALUE, got ${value}`);
      return [value.slice(0, at), value.slice(at + 1)];
    };
    if (flag === '--root') options.root = path.resolve(next());
    else if (flag === '--port') options.port = Number(next());
    else if (flag === '--host') options.host = next();
    else if (flag === '--spa') options.spa = true;
    else if (flag === '--cors') options.cors = true;
    else if (flag === '--csp') {
      const kind = next();
      if (kind !== 'shell' && kind !== 'standalone') {
        throw new Error(`--csp takes shell or standalone, got ${kind}`);
      }
      options.csp = kind;
    } else if (flag === '--csp-stripe-js') options.cspStripeJs = next();
    else if (flag === '--first-paint') options.firstPaint = path.resolve(next());
    else if (flag === '--releases') options.releases = path.resolve(next());
    else if (flag === '--live-releases') options.liveReleases = next();
    else if (['--proxy', '--json', '--html', '--download'].includes(flag)) {
      const [key, value] = pair(next());
      options[flag.slice(2)][key] = value;
    } else throw new Error(`unknown option ${flag}`);
  }
  if (!options.root) throw new Error('--root is required');
  if (!Number.isInteger(options.port)) throw new Error('--port is required');
  return options;
}

/** Hashed names never change content; everything else must be revalidated (ETag makes that cheap). */
function cacheControl(file) {
  return staticHeaders.cacheControlOf(path.basename(file));
}

const under = (pathname, prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The HTML pages' Content-Security-Policy, by file: the `--html` entries (the popup pages the
 * onboarding overlay shows) may be framed by this origin, every other page by no one.
 * @param {StaticServerOptions} options
 * @returns {((file: string) => string) | null}
 */
function pagePolicy(options) {
  if (!options.csp) return null;
  if (options.csp === 'standalone') {
    const policy = csp.standalonePolicy({ stripeJs: options.cspStripeJs });
    return () => policy;
  }
  const remotesFile = options.json?.['/remotes.json'];
  const configFile = options.json?.['/config.json'];
  if (!remotesFile || !configFile) {
    throw new Error('--csp shell needs --json /remotes.json=FILE and --json /config.json=FILE');
  }
  const policyOf = csp.shellPolicyFromFiles({
    remotesFile: path.resolve(remotesFile),
    configFile: path.resolve(configFile),
  });
  const framed = new Set(
    Object.values(options.html ?? {}).map((file) => path.resolve(options.root, file)),
  );
  return (file) => policyOf({ framedBySelf: framed.has(path.resolve(file)) });
}

/** How long /remotes.json waits for the api's live release mapping before it answers without. */
export const LIVE_RELEASES_WAIT_MS = liveMapping.WAIT_MS;

/** An admin's release action through the api's proxy (publish, promote, canary, rollback, withdraw). */
function isReleaseAction(request, prefixes) {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const { pathname } = new URL(request.url, 'http://localhost');
  return (
    prefixes.some((prefix) => under(pathname, prefix)) &&
    pathname.includes('/releases') &&
    !pathname.endsWith('/releases/reports')
  );
}

/**
 * remotes.json with the live releases put in (issue 31): a remote the registry has a live
 * release of loads that release's manifest (`entry`, `release`), and its canary when one runs
 * (`canary: {release, entry, share, slots}`); the shell picks per signed-in user. A release's
 * `slots` (its contract's items, tiles and widgets, issue 30) replace the file's, and the canary
 * carries its own, so whoever loads a release gets that release's places from the first paint
 * on; a release recorded without slots keeps the file's. Remotes without a live release keep the
 * file's entry.
 * @param {{ remotes?: Array<Record<string, unknown>> }} document
 * @param {{ remotes: Array<{ name: string, release: string, entry: string, slots?: unknown, canary: ({ slots?: unknown } & Record<string, unknown>) | null }> }} mapping
 */
export function withLiveReleases(document, mapping) {
  const live = new Map(mapping.remotes.map((entry) => [entry.name, entry]));
  return {
    ...document,
    remotes: (document.remotes ?? []).map((remote) => {
      const found = live.get(remote.name);
      if (!found) return remote;
      // A canary recorded without slots gets the file's, as the live release does.
      const canarySlots = found.canary ? (found.canary.slots ?? remote.slots) : undefined;
      return {
        ...remote,
        entry: found.entry,
        release: found.release,
        ...(found.slots ? { slots: found.slots } : {}),
        canary: found.canary
          ? { ...found.canary, ...(canarySlots ? { slots: canarySlots } : {}) }
          : found.canary,
      };
    }),
  };
}

/**
 * /remotes.json as served: the file with the live releases put in, composed once per mapping
 * answer and kept while the mapping is the same and the file was read less than the mapping's
 * age ago, so a start costs no file read and no JSON work, and an edited remotes.json is seen
 * within the same second as a promotion. Without a mapping cache, the file as it is. The first
 * paint reads the same document, so it lays out the slots the shell will (issue 30).
 * @param {string} file
 * @param {ReturnType<typeof liveMapping.liveMappingCache> | null} mappingCache
 * @returns {() => Promise<{ body: string, document: unknown }>}
 */
function servedRemotes(file, mappingCache) {
  /** @type {{ mapping: unknown, at: number, body: string, document: unknown } | null} */
  let composed = null;
  return async () => {
    const mapping = mappingCache ? await mappingCache.get() : null;
    if (
      !mappingCache ||
      composed?.mapping !== mapping ||
      performance.now() - composed.at >= liveMapping.MAX_AGE_MS
    ) {
      const at = performance.now();
      const read = JSON.parse(await readFile(file, 'utf8'));
      const document = mapping ? withLiveReleases(read, mapping) : read;
      composed = { mapping, at, body: JSON.stringify(document), document };
    }
    return composed;
  };
}

/** How long a page waits for the api's answers before it is sent without its first paint. */
export const FIRST_PAINT_WAIT_MS = 500;

/**
 * The first paint of a signed-in page (shell/src/firstPaint/server.tsx): the api is asked what
 * the shell asks on sign-in, with the visitor's session cookie as the bearer and through this
 * server's own proxy (app.inject), so the api checks the token as it does for the shell. Any
 * miss (no cookie, a refused token, a slow or failed answer, no first paint for this account)
 * gives null, and the page is sent as it is built.
 * @param {import('fastify').FastifyInstance} app
 * @param {StaticServerOptions} options
 * @param {(() => Promise<{ document: unknown }>) | null} remotesDocument /remotes.json as served
 * @returns {{ paths: readonly string[], pageFor: (request: import('fastify').FastifyRequest) => Promise<string | null> } | null}
 */
function firstPaintOf(app, options, remotesDocument) {
  if (!options.firstPaint) return null;
  const configFile = options.json?.['/config.json'];
  if (!configFile) throw new Error('--first-paint needs --json /config.json=FILE');
  const server = createRequire(import.meta.url)(options.firstPaint);
  const calls = Object.entries(server.ACCOUNT_CALLS);
  const ask = async (url, token) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer.json();
  };
  const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));
  // The build's stylesheets, by address: their names carry their content's hash.
  const stylesheets = new Map();
  const stylesheet = async (href) => {
    if (!stylesheets.has(href)) {
      const file = path.join(options.root, path.normalize(`/${href}`));
      stylesheets.set(href, { href, text: await readFile(file, 'utf8') });
    }
    return stylesheets.get(href);
  };
  const pageFor = async (request) => {
    const token = server.sessionTokenOf(request.headers.cookie);
    if (!token) return null;
    // remotes.json as this server serves it (the live releases' slots in, from the same cache:
    // no call of its own), whose remotes' declared items and tiles have their places in the
    // first paint; asked beside the account, within the same wait.
    const asked = Promise.all([
      Promise.all(calls.map(([, url]) => ask(url, token))),
      remotesDocument ? remotesDocument() : null,
    ]);
    const values = await Promise.race([asked, delay(FIRST_PAINT_WAIT_MS, null, { ref: false })]);
    if (!values) {
      asked.catch(() => undefined);
      request.log.warn('the api was too slow for the first paint');
      return null;
    }
    const [answered, served] = values;
    const answers = Object.fromEntries(calls.map(([name], i) => [name, answered[i]]));
    // The Cookie header too: the first paint shows the sidebar as the visitor left it.
    const config = await readJson(configFile);
    const remotes = served?.document ?? null;
    const markup = server.renderFirstPaint(token, answers, config, {
      cookie: request.headers.cookie,
      remotes,
    });
    if (!markup) return null;
    // The build's page for it (its scripts start after the first paint) and its stylesheets.
    const built = await readJson(path.join(options.root, 'first-paint.json'));
    const [page, styles] = await Promise.all([
      readFile(path.join(options.root, path.normalize(`/${built.page}`)), 'utf8'),
      Promise.all(built.stylesheets.map(stylesheet)),
    ]);
    return server.withFirstPaint(page, markup, styles);
  };
  return { paths: server.FIRST_PAINT_PATHS, pageFor };
}

/**
 * Builds the server without listening (tests inject or listen on port 0).
 * @param {StaticServerOptions} options
 */
export async function buildStaticServer(options) {
  const app = Fastify({ logger: false });
  const policyOf = pagePolicy(options);
  const mappingCache = options.liveReleases
    ? liveMapping.liveMappingCache({
        url: options.liveReleases,
        onError: (error) => app.log.warn({ err: error }, 'no live release mapping'),
      })
    : null;
  const remotesFile = options.json?.['/remotes.json'];
  const remotesDocument = remotesFile
    ? servedRemotes(path.resolve(remotesFile), mappingCache)
    : null;
  const firstPaint = firstPaintOf(app, options, remotesDocument);
  if (mappingCache) {
    const prefixes = Object.keys(options.proxy ?? {});
    // Once the api has answered a release action, or a failure report that withdrew a canary,
    // the next start asks it again: an admin who promotes through this server sees the result at
    // once, not up to a second later. The beacons of remotes that loaded change nothing.
    app.addHook('onSend', async (request, reply) => {
      if (
        isReleaseAction(request, prefixes) ||
        reply.getHeader('x-live-releases-changed') === '1'
      ) {
        mappingCache.invalidate();
      }
    });
  }
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(staticHeaders.EVERY_ANSWER))
      reply.header(name, value);
  });
  if (options.cors) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (request.method === 'OPTIONS') return reply.code(204).send();
    });
  }
  for (const [prefix, targets] of Object.entries(options.proxy ?? {})) {
    const upstreams = targets.split(',').map((target) => target.trim());
    let next = 0;
    // Registered before compression so proxied answers pass through as the api sent them.
    await app.register(fastifyHttpProxy, {
      // One origin: reply-from's pool for it. Several: no fixed upstream (an undici Agent for
      // any origin) and each request goes to the next one in turn.
      upstream: upstreams.length === 1 ? upstreams[0] : '',
      prefix,
      rewritePrefix: prefix,
      replyOptions: {
        ...(upstreams.length > 1
          ? { getUpstream: () => upstreams[(next = (next + 1) % upstreams.length)] }
          : {}),
        // The api cannot be reached (down, restarting, timed out): a gateway error the front
        // ends read like any api error, never a stack trace.
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'proxy upstream failed');
          return reply
            .code(502)
            .type('application/json')
            .send({ message: 'The service is unavailable right now' });
        },
      },
    });
  }
  // Brotli's default quality (11) costs seconds per megabyte on the fly; 5 is close in size.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: options.root,
      cacheControl: false,
      wildcard: true,
      setHeaders(reply, file) {
        reply.header('Cache-Control', cacheControl(file));
        if (!file.endsWith('.html')) return;
        const policy = policyOf?.(file);
        if (policy) reply.header('Content-Security-Policy', policy);
        // For browsers without frame-ancestors; the same answer.
        const framed = !policy || policy.includes("frame-ancestors 'self'");
        reply.header('X-Frame-Options', framed ? 'SAMEORIGIN' : 'DENY');
      },
    });
    if (options.releases) {
      mkdirSync(options.releases, { recursive: true });
      await files.register(fastifyStatic, {
        root: options.releases,
        prefix: '/releases/',
        decorateReply: false,
        cacheControl: false,
        wildcard: true,
        // A release's folder is named by its content: nothing under it ever changes.
        setHeaders: (reply) => reply.header('Cache-Control', staticHeaders.IMMUTABLE),
      });
    }
    if (firstPaint) {
      const indexFile = path.join(options.root, 'index.html');
      for (const route of firstPaint.paths) {
        files.get(route, async (request, reply) => {
          // The page differs by session: no shared cache may answer one visitor with another's.
          reply.header('Vary', 'Cookie');
          const started = performance.now();
          const page = await firstPaint.pageFor(request).catch((error) => {
            request.log.warn({ err: error }, 'no first paint');
            return null;
          });
          // What the page waited for (the api's answers and the render), for the browser's tools.
          const waited = (performance.now() - started).toFixed(1);
          reply.header('Server-Timing', `first-paint;dur=${waited}`);
          if (!page) return reply.sendFile('index.html');
          const policy = policyOf?.(indexFile);
          if (policy) reply.header('Content-Security-Policy', policy);
          return reply
            .header('X-Frame-Options', 'DENY')
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(page);
        });
      }
    }
    for (const [route, file] of Object.entries(options.json ?? {})) {
      const absolute = path.resolve(file);
      if (route === '/remotes.json' && mappingCache && remotesDocument) {
        files.get(route, async (_request, reply) =>
          reply
            .header('Cache-Control', 'no-cache')
            .type('application/json; charset=utf-8')
            .send((await remotesDocument()).body),
        );
        continue;
      }
      files.get(route, (_request, reply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .sendFile(path.basename(absolute), path.dirname(absolute)),
      );
    }
    for (const [route, file] of Object.entries(options.download ?? {})) {
      const absolute = path.resolve(file);
      const name = path.basename(absolute);
      files.get(route, (_request, reply) => {
        // Built by `npm start`/the test build; say so rather than fall back to the app's page.
        if (!existsSync(absolute)) {
          return reply
            .code(404)
            .type('text/plain; charset=utf-8')
            .header('Cache-Control', 'no-cache')
            .send(`${name} has not been built yet`);
        }
        // Content-Disposition: attachment, so a click saves the file instead of opening it.
        return reply
          .header('Cache-Control', 'no-cache')
          .download(name, name, { root: path.dirname(absolute) });
      });
    }
    const htmlRoutes = Object.entries(options.html ?? {});
    files.setNotFoundHandler((request, reply) => {
      const { pathname } = new URL(request.url, 'http://localhost');
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const entry = htmlRoutes.find(([prefix]) => under(pathname, prefix));
      if (isRead && entry) return reply.sendFile(entry[1]);
      // A navigation (the browser asks for HTML) gets the app, even when the path has dots,
      // as /login/{jwt} does; a missing script or image still gets a 404.
      const wantsHtml = /\btext\/html\b/.test(request.headers.accept ?? '');
      if (isRead && options.spa && (wantsHtml || !path.extname(pathname))) {
        return reply.sendFile('index.html');
      }
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
  });
  return app;
}

/**
 * Starts the server; resolves with the Fastify instance once it listens.
 * @param {StaticServerOptions} options
 */
export async function startStaticServer(options) {
  const app = await buildStaticServer(options);
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = parseArgs(process.argv.slice(2));
  const app = await startStaticServer(options);
  console.info(
    `static ${path.relative(process.cwd(), options.root) || '.'} on http://${options.host}:${options.port}`,
  );
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => void app.close().then(() => process.exit(0)));
  }
}
