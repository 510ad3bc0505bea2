#!/usr/bin/env node
// A small static file server for the shell and every remote: hashed assets cached for a year,
// gzip for text, optional SPA fallback, CORS for remotes, JSON files at fixed paths, and a
// same-origin proxy for the api. No dependencies, so a remote can be served alone anywhere.
//
//   node scripts/static-server.mjs --root mf-admin/dist --port 3006 --cors
//   node scripts/static-server.mjs --root shell/dist --port 3000 --spa \
//     --proxy /api/connect-ui=http://127.0.0.1:4000 --json /remotes.json=.run/remotes.json
import { createServer, request as httpRequest } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2|png|svg)$/;

/**
 * @typedef {object} StaticServerOptions
 * @property {string} root folder to serve
 * @property {number} port
 * @property {string} [host]
 * @property {boolean} [spa] answer unknown extension-less GETs with index.html
 * @property {boolean} [cors] allow any origin to fetch the files (remotes)
 * @property {Record<string,string>} [proxy] path prefix → target origin
 * @property {Record<string,string>} [json] URL path → JSON file served with no-cache
 * @property {Record<string,string>} [html] URL path prefix → HTML file of root (extra entries)
 */

/** Parses `--key value` pairs; repeated --proxy/--json/--html collect into maps. */
export function parseArgs(argv) {
  const options = { proxy: {}, json: {}, html: {}, host: '127.0.0.1', spa: false, cors: false };
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
    else if (flag === '--proxy' || flag === '--json' || flag === '--html') {
      const [key, value] = pair(next());
      options[flag.slice(2)][key] = value;
    } else throw new Error(`unknown option ${flag}`);
  }
  if (!options.root) throw new Error('--root is required');
  if (!Number.isInteger(options.port)) throw new Error('--port is required');
  return options;
}

const securityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Starts the server; resolves once it listens. */
export function startStaticServer(/** @type {StaticServerOptions} */ options) {
  const gzipCache = new Map();
  const proxies = Object.entries(options.proxy ?? {});
  const jsonRoutes = options.json ?? {};
  const htmlRoutes = Object.entries(options.html ?? {});

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (options.cors) {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      }
      const proxy = proxies.find(
        ([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
      );
      if (proxy) return forward(req, res, proxy[1]);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      }
      if (jsonRoutes[url.pathname]) {
        return await sendFile(req, res, path.resolve(jsonRoutes[url.pathname]), 'no-cache');
      }
      const file = await resolveFile(url.pathname);
      if (file) return await sendFile(req, res, file, cacheControl(file));
      const entry = htmlRoutes.find(
        ([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
      );
      if (entry) return await sendFile(req, res, path.join(options.root, entry[1]), 'no-cache');
      // A navigation (the browser asks for HTML) gets the app, even when the path has dots,
      // as /login/{jwt} does; a missing script or image still gets a 404.
      const wantsHtml = /\btext\/html\b/.test(req.headers.accept ?? '');
      if (options.spa && (wantsHtml || !path.extname(url.pathname))) {
        return await sendFile(req, res, path.join(options.root, 'index.html'), 'no-cache');
      }
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders })
        .end('Not found');
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal server error');
    }
  });

  async function resolveFile(pathname) {
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const candidate = path.join(options.root, path.normalize(decoded));
    if (!candidate.startsWith(options.root)) return null;
    try {
      const stat = await fs.stat(candidate);
      if (stat.isFile()) return candidate;
      if (stat.isDirectory()) {
        const index = path.join(candidate, 'index.html');
        return (await fs.stat(index).catch(() => null))?.isFile() ? index : null;
      }
    } catch {
      return null;
    }
    return null;
  }

  function cacheControl(file) {
    return HASHED.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
  }

  async function sendFile(req, res, file, cache) {
    const ext = path.extname(file);
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cache,
      ...securityHeaders,
    };
    if (ext === '.html') headers['X-Frame-Options'] = 'SAMEORIGIN';
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.has(ext) && acceptsGzip) {
      const stat = await fs.stat(file);
      const key = `${file}:${stat.mtimeMs}:${stat.size}`;
      let body = gzipCache.get(key);
      if (!body) {
        body = gzipSync(await fs.readFile(file));
        gzipCache.set(key, body);
      }
      res.writeHead(200, {
        ...headers,
        'Content-Encoding': 'gzip',
        Vary: 'Accept-Encoding',
        'Content-Length': body.length,
      });
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    const stat = await fs.stat(file);
    res.writeHead(200, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  function forward(req, res, target) {
    const to = new URL(req.url ?? '/', target);
    const headers = {
      ...req.headers,
      host: to.host,
      'x-forwarded-for': req.socket.remoteAddress ?? '',
    };
    const upstream = httpRequest(to, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.setTimeout(30_000, () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'The service is unavailable right now' }));
      } else res.destroy();
    });
    req.pipe(upstream);
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = parseArgs(process.argv.slice(2));
  startStaticServer(options).then(() => {
    console.info(
      `static ${path.relative(process.cwd(), options.root) || '.'} on http://${options.host}:${options.port}`,
    );
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
}
