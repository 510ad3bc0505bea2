// nginx as the one entry point of the production topology (`npm run start:prod`, the e2e-scale
// step): the configuration made from the stack's table (services.mjs), the self-signed
// certificate when none is given, the precompressed copies of the built files, and nginx's own
// start, reload and drain. Debian's nginx (1.22) with its brotli_static module.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import staticHeaders from './static-headers.cjs';

/** Debian's nginx binary and its brotli_static module (libnginx-mod-http-brotli-static). */
export const NGINX_BINARY = '/usr/sbin/nginx';
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Where the api's prefix is; only it (and the POS host's paths) reach the api instances. */
const API_PREFIX = '/api/connect-ui';

/**
 * Coarse per-address limits in front of the api's own (which count per account and address in
 * the database, api/README.md "Rate limits"): a flood is refused here before it costs an api
 * instance a request. Sized far above what people and the stores send, so that only scripts
 * meet them: `rate` a second per address, `burst` more at once. Reads (GET, HEAD) of the same
 * paths are not counted.
 */
export const EDGE_RATE_LIMITS = {
  // Sign-in's token calls: the session cookie, POS and live tokens.
  signIn: { rate: 10, burst: 40, paths: ['session-cookie', 'me/auth-token', 'live/ticket'] },
  // Store keys checked: new applications, find-or-create, keys changed.
  keys: { rate: 5, burst: 30, paths: ['applications', 'applications/find-or-create'] },
  promoCodes: { rate: 2, burst: 10, paths: ['promotion-code'] },
  // WooCommerce and Stripe deliveries come in bursts (a bulk edit of orders, a retry queue).
  webhooks: { rate: 200, burst: 1000 },
};

/** Largest request bodies: the api's own limits, so nginx refuses a bigger one first. */
export const BODY_LIMITS = {
  api: '256k',
  // WooCommerce's deliveries (MAX_DELIVERY_BYTES in api/src/domain/orders/ingest.ts).
  webhooks: '1m',
  // The wc-auth callback's few fields (the POS host's bodyLimit).
  callback: '16k',
};

/** nginx's answer to a request over a limit: the api's own status for it. */
const LIMIT_STATUS = 429;

/**
 * @typedef {object} NginxSite
 * @property {string} prefix nginx's folder for this stack (pid, temp files, config)
 * @property {string} logDir where the access and error logs go
 * @property {{ https: number, http: number, cloudPosHttps: number }} ports the TLS entry points
 *   (the dashboard with the api and the POS host's callback and webhooks; the cloud POS
 *   addresses) and the plain-http one that redirects to them
 * @property {string} [serverName] the public host name (`_`: any)
 * @property {{ cert: string, key: string }} tls PEM files
 * @property {{ api: number, posHost: number }[]} instances each api instance's api and plain
 *   POS-host (cloud POS) ports
 * @property {number[]} [down] the indexes of instances taken out of the pools (a rolling restart)
 * @property {{ port: number, root: string }} shell the shell's server (pages, first paint,
 *   remotes.json, config.json, downloads) and its built files
 * @property {{ pkg: string, root: string }[]} remotes every remote's built files, served at
 *   `/remotes/{pkg}/`
 * @property {boolean} [brotli] load the brotli_static module (when installed)
 */

const upstream = (name, servers, down) =>
  [
    `  upstream ${name} {`,
    `    zone ${name} 64k;`,
    // Passive health checks: 2 failures (refused, reset, timed out, 502–504) within 5 s take the
    // server out of the pool for 5 s; the request itself goes to the next one when it may.
    ...servers.map(
      (port, i) =>
        `    server 127.0.0.1:${port} max_fails=2 fail_timeout=5s${down.includes(i) ? ' down' : ''};`,
    ),
    '    keepalive 32;',
    '  }',
  ].join('\n');

const portSuffix = (port) => (port === 443 ? '' : `:${port}`);

/** `add_header` lines for headers every static answer of the TLS servers carries. */
function staticHeaderLines(indent) {
  return [
    ...Object.entries(staticHeaders.EVERY_ANSWER).map(
      ([name, value]) => `${indent}add_header ${name} "${value}" always;`,
    ),
    `${indent}add_header Cache-Control $pos_static_cache always;`,
    `${indent}add_header Strict-Transport-Security "${staticHeaders.STRICT_TRANSPORT_SECURITY}" always;`,
  ];
}

/**
 * Lines of a proxied location: HTTP/1.1 with keep-alive to the pool, the client's address and
 * scheme for the api (TRUST_PROXY), nginx's request id, and HSTS (the answer's other headers are
 * the upstream's own). Retries go to the next instance only when the request is idempotent
 * (nginx's default: a POST, PATCH or LOCK that reached an instance is never sent again), and at
 * most once.
 */
function proxyLines(pool, indent, { idempotentRetries = true } = {}) {
  return [
    `${indent}proxy_pass http://${pool};`,
    `${indent}proxy_http_version 1.1;`,
    `${indent}proxy_set_header Connection "";`,
    `${indent}proxy_set_header Host $http_host;`,
    `${indent}proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;`,
    `${indent}proxy_set_header X-Forwarded-Proto $scheme;`,
    `${indent}proxy_set_header X-Request-Id $request_id;`,
    `${indent}proxy_connect_timeout 2s;`,
    idempotentRetries
      ? `${indent}proxy_next_upstream error timeout http_502 http_503 http_504;`
      : `${indent}proxy_next_upstream error timeout;`,
    `${indent}proxy_next_upstream_tries 2;`,
    `${indent}add_header Strict-Transport-Security "${staticHeaders.STRICT_TRANSPORT_SECURITY}" always;`,
  ];
}

/** A location limited by one of {@link EDGE_RATE_LIMITS}. */
const limited = (zone, indent) =>
  `${indent}limit_req zone=${zone} burst=${EDGE_RATE_LIMITS[zone].burst} nodelay;`;

/** The TLS listener lines: HTTP/2 (nginx 1.22 names it on `listen`). */
function tlsLines(port, tls) {
  return [
    `    listen 127.0.0.1:${port} ssl http2;`,
    `    ssl_certificate ${tls.cert};`,
    `    ssl_certificate_key ${tls.key};`,
    '    ssl_protocols TLSv1.2 TLSv1.3;',
    '    ssl_session_cache shared:pos_tls:10m;',
    '    ssl_session_timeout 1h;',
  ];
}

/** The POS host's paths (WooCommerce's callback and webhooks, the JWKS), on both TLS servers. */
function posHostLocations() {
  return [
    '    location = /wc-authorize {',
    `      client_max_body_size ${BODY_LIMITS.callback};`,
    limited('webhooks', '      '),
    ...proxyLines('pos_host', '      '),
    '    }',
    '    location /wc-webhooks/ {',
    `      client_max_body_size ${BODY_LIMITS.webhooks};`,
    limited('webhooks', '      '),
    ...proxyLines('pos_host', '      '),
    '    }',
    '    location = /.well-known/jwks.json {',
    ...proxyLines('pos_host', '      '),
    '    }',
  ];
}

/**
 * nginx's configuration of one stack.
 * @param {NginxSite} site
 * @returns {string}
 */
export function nginxConfig(site) {
  const down = site.down ?? [];
  const serverName = site.serverName ?? '_';
  const { https, http, cloudPosHttps } = site.ports;
  const api = (paths) => paths.map((p) => p.replace(/[/.-]/g, (c) => `\\${c}`)).join('|');
  const writeKey = '$pos_write_address';
  const zones = Object.entries(EDGE_RATE_LIMITS).map(
    ([zone, { rate }]) =>
      `  limit_req_zone ${zone === 'webhooks' ? '$binary_remote_addr' : writeKey} zone=${zone}:10m rate=${rate}r/s;`,
  );
  const apiLimited = ['signIn', 'keys', 'promoCodes'].flatMap((zone) => [
    `    location ~ ^${API_PREFIX.replace(/\//g, '\\/')}\\/(${api(EDGE_RATE_LIMITS[zone].paths)})$ {`,
    limited(zone, '      '),
    ...proxyLines('pos_api', '      '),
    '    }',
  ]);
  const temp = (name) => `  ${name}_temp_path ${path.join(site.prefix, 'temp', name)};`;
  return `# Made by scripts/lib/nginx.mjs from the stack's table (scripts/lib/services.mjs): edit those.
${site.brotli ? `load_module ${BROTLI_STATIC_MODULE};\n` : ''}worker_processes 2;
pid ${path.join(site.prefix, 'nginx.pid')};
error_log ${path.join(site.logDir, 'nginx-error.log')} warn;

events {
  worker_connections 1024;
}

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65s;
${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n')}

  # JSON access log with the request id the api logs too; tokens in paths are never written.
  map $uri $pos_logged_path {
    ~^/login/ /login/[redacted];
    default $uri;
  }
  log_format pos_json escape=json '{"time":"$time_iso8601","requestId":"$request_id",'
    '"remoteAddress":"$remote_addr","method":"$request_method","path":"$pos_logged_path",'
    '"status":$status,"bytes":$body_bytes_sent,"seconds":$request_time,'
    '"upstream":"$upstream_addr","upstreamStatus":"$upstream_status",'
    '"upstreamSeconds":"$upstream_response_time","protocol":"$server_protocol"}';
  access_log ${path.join(site.logDir, 'nginx-access.log')} pos_json;

  # Hashed built files never change; everything else is revalidated.
  map $uri $pos_static_cache {
    "~${staticHeaders.HASHED_PCRE}" "${staticHeaders.IMMUTABLE}";
    default "${staticHeaders.REVALIDATE}";
  }
  # Writes are counted per address; reads of the same paths are not (an empty key).
  map $request_method $pos_write_address {
    GET "";
    HEAD "";
    default $binary_remote_addr;
  }
${zones.join('\n')}
  limit_req_status ${LIMIT_STATUS};
  limit_req_log_level warn;

${upstream(
  'pos_api',
  site.instances.map((i) => i.api),
  down,
)}
${upstream(
  'pos_host',
  site.instances.map((i) => i.posHost),
  down,
)}
  upstream pos_shell {
    server 127.0.0.1:${site.shell.port};
    keepalive 8;
  }

  # Plain http: every address moves to https (the cloud POS port's too).
  server {
    listen 127.0.0.1:${http};
    server_name ${serverName};
    location / {
      return 301 https://$host${portSuffix(https)}$request_uri;
    }
  }

  # The dashboard: the shell, the remotes, the api, and the POS host's callback and webhooks.
  server {
${tlsLines(https, site.tls).join('\n')}
    server_name ${serverName};
    client_max_body_size ${BODY_LIMITS.api};

    location ${API_PREFIX}/ {
${proxyLines('pos_api', '      ').join('\n')}
    }
    # The live stream: unbuffered, and open longer than the 15 s heartbeat.
    location = ${API_PREFIX}/live/stream {
${proxyLines('pos_api', '      ').join('\n')}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location = ${API_PREFIX}/stripe/webhook {
      client_max_body_size ${BODY_LIMITS.webhooks};
${limited('webhooks', '      ')}
${proxyLines('pos_api', '      ').join('\n')}
    }
${apiLimited.join('\n')}
${posHostLocations().join('\n')}

    # The remotes' built files, precompressed.
    location /remotes/ {
      root ${path.join(site.prefix, 'www')};
      gzip_static on;
${site.brotli ? '      brotli_static on;\n' : ''}      gzip_vary on;
${staticHeaderLines('      ').join('\n')}
      try_files $uri =404;
    }
    # The shell's built files from disk; its pages (the first paint, the Content-Security-Policy
    # from remotes.json and config.json), the runtime files and the downloads from its server.
    location / {
      root ${site.shell.root};
      gzip_static on;
${site.brotli ? '      brotli_static on;\n' : ''}      gzip_vary on;
${staticHeaderLines('      ').join('\n')}
      try_files $uri @pos_shell;
    }
    location ~ \\.html$ {
${proxyLines('pos_shell', '      ').join('\n')}
    }
    location = / {
${proxyLines('pos_shell', '      ').join('\n')}
    }
    location @pos_shell {
${proxyLines('pos_shell', '      ').join('\n')}
    }
  }

  # The cloud POS addresses /{appSlug}/{stationSlug} (and the POS host's other paths).
  server {
${tlsLines(cloudPosHttps, site.tls).join('\n')}
    server_name ${serverName};
    client_max_body_size ${BODY_LIMITS.callback};
${posHostLocations().join('\n')}
    location / {
${proxyLines('pos_host', '      ').join('\n')}
    }
  }
}
`;
}

/**
 * Writes the configuration and the `www` folder of the remotes (a link to each one's dist), and
 * checks it with `nginx -t`; returns the configuration file.
 * @param {NginxSite} site
 */
export function writeNginxConfig(site) {
  for (const folder of ['temp', 'www/remotes']) {
    mkdirSync(path.join(site.prefix, folder), { recursive: true });
  }
  mkdirSync(site.logDir, { recursive: true });
  for (const remote of site.remotes) {
    spawnSync('ln', ['-sfn', remote.root, path.join(site.prefix, 'www/remotes', remote.pkg)]);
  }
  const file = path.join(site.prefix, 'nginx.conf');
  writeFileSync(`${file}.next`, nginxConfig(site));
  const check = spawnSync(NGINX_BINARY, ['-t', '-q', '-p', site.prefix, '-c', `${file}.next`], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx refused its configuration: ${check.stderr}`);
  // Only a configuration nginx accepted replaces the running one's file.
  writeFileSync(file, readFileSync(`${file}.next`));
  return file;
}

/** The arguments that run nginx in the foreground on `configFile` (a child of the stack). */
export function nginxArgs(prefix, configFile) {
  return ['-p', prefix, '-c', configFile, '-g', 'daemon off;'];
}

/** Whether nginx and its brotli module are installed. */
export const nginxInstalled = () => existsSync(NGINX_BINARY);
export const brotliInstalled = () => existsSync(BROTLI_STATIC_MODULE);

/** Built files worth compressing (at least this big, of these kinds). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|mjs|wasm)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every compressible file
 * of `root` that has none newer than itself, for nginx's brotli_static and gzip_static: the
 * built files are compressed once, at their best, instead of on every answer.
 * @returns {number} how many files were compressed
 */
export function precompress(root) {
  let count = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) {
        const stat = statSync(file);
        if (stat.size < MIN_BYTES) continue;
        const fresh = (copy) => existsSync(copy) && statSync(copy).mtimeMs >= stat.mtimeMs;
        if (fresh(`${file}.br`) && fresh(`${file}.gz`)) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        count += 1;
      }
    }
  };
  if (existsSync(root)) walk(root);
  return count;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (openssl, EC P-256, a year) at
 * `cert`/`key` unless both exist: the local stand-in for a real one (TLS_CERT_PATH and
 * TLS_KEY_PATH in production). The api's POS host and the sandbox stores use the same files.
 */
export function ensureCertificate(cert, key) {
  if (existsSync(cert) && existsSync(key)) return;
  mkdirSync(path.dirname(cert), { recursive: true });
  mkdirSync(path.dirname(key), { recursive: true });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '365',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  spawnSync('chmod', ['600', key]);
}
