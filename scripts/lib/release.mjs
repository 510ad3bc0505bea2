// A remote's release (issue 31): build it apart from dist/, copy the build to a content-addressed
// folder that is never overwritten (served with `immutable` caching at /releases/<hash>/ by the
// remote's own server), and record it in the api's release registry. Publishing makes nothing
// live: an admin promotes it on the Releases page (/admin-panel/releases).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import buildFiles from './build-files.cjs';
import { remotes, repoRoot, urls } from './services.mjs';

/** Where releases are kept: RELEASES_DIR, else `<data dir>/releases`. */
export function releasesDir(dataDir = process.env.POS_DATA_DIR ?? path.join(repoRoot, '.data')) {
  return path.resolve(process.env.RELEASES_DIR ?? path.join(dataDir, 'releases'));
}

/** A remote of services.mjs by its package folder (mf-admin) or its federation name (mf_admin). */
export function remoteNamed(name) {
  const remote = remotes.find((candidate) => candidate.pkg === name || candidate.name === name);
  if (!remote) throw new Error(`no remote ${name}: one of ${remotes.map((r) => r.pkg).join(', ')}`);
  return remote;
}

/** Every file under `dir`, as sorted paths relative to it (with / separators). */
function filesOf(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * sha256 over every file's path and bytes but the build's facts (build.json): the same code and
 * slots always have the same address, whichever commit or checkout built them, so publishing them
 * again answers the release recorded first, with the facts of the build first published.
 */
export function contentHashOf(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of filesOf(dir).filter((name) => name !== buildFiles.FACTS_FILE)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The bundle sizes of a build: its JavaScript (no source maps), gzipped too, and its entry. */
export function sizesOf(dir) {
  let jsBytes = 0;
  let jsGzipBytes = 0;
  for (const file of filesOf(dir).filter((name) => name.endsWith('.js'))) {
    const bytes = fs.readFileSync(path.join(dir, file));
    jsBytes += bytes.length;
    jsGzipBytes += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  const entry = path.join(dir, 'remoteEntry.js');
  return { jsBytes, jsGzipBytes, entryBytes: fs.existsSync(entry) ? fs.statSync(entry).size : 0 };
}

/** The shared singletons a build declares, from its mf-manifest.json. */
export function sharedOf(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  return (manifest.shared ?? []).map((entry) => ({
    name: entry.name,
    requiredVersion: entry.requiredVersion,
    version: entry.version,
  }));
}

/** Builds the remote of `pkgDir` into `outDir` (its production webpack build), dist/ untouched. */
export function buildInto(pkgDir, outDir, env = {}) {
  const result = spawnSync(
    'pnpm',
    ['exec', 'webpack', '--mode', 'production', '--stats=errors-warnings'],
    {
      cwd: pkgDir,
      stdio: 'inherit',
      env: { ...process.env, ...env, REMOTE_OUTPUT_DIR: outDir },
    },
  );
  if (result.status !== 0) throw new Error(`the build of ${path.basename(pkgDir)} failed`);
}

/**
 * Copies a build to `<releases>/<remote>/<hash>/`. A folder that exists is the same content
 * (its name is the content's hash) and is never written again.
 */
export function storeRelease(buildDir, remoteName, dir = releasesDir()) {
  const contentHash = contentHashOf(buildDir);
  const address = contentHash.slice(0, 16);
  const target = path.join(dir, remoteName, address);
  if (!fs.existsSync(target)) {
    const staging = `${target}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(buildDir, staging, { recursive: true });
    // Renamed into place in one step: a half-copied release is never served.
    fs.renameSync(staging, target);
  }
  return { contentHash, address, dir: target };
}

/**
 * An admin's access token from the login provider's own sign-in form (the sandbox's, locally):
 * the form answers with a redirect to `<dashboard>/login/<token>`.
 */
export async function signIn(
  email,
  password,
  { loginUrl = urls.login, dashboard = urls.shell } = {},
) {
  const response = await fetch(
    `${loginUrl}/need-access/${encodeURIComponent(dashboard)}?product=pos`,
    {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    },
  );
  const location = response.headers.get('location') ?? '';
  const match = /\/login\/([^/?#]+)/.exec(location);
  if (!match) throw new Error(`signing in as ${email} failed (${response.status})`);
  return decodeURIComponent(match[1]);
}

/** Records a release in the api's registry; answers the recorded release. */
export async function recordRelease(release, { token, apiUrl = urls.api }) {
  const response = await fetch(`${apiUrl}/api/connect-ui/admin-panel/releases`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(release),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(`the api refused the release (${response.status}): ${body.message ?? ''}`);
  }
  return body;
}

/**
 * Publishes the remote `name` (package folder or federation name): builds it (or takes the build
 * in `from`), stores it content-addressed and records it with what its build wrote about itself:
 * its slots (slots.json, from the contract it was built from: a tile or a nav item the release
 * adds has its place in the first paint and the shell before the release loads) and its facts
 * (build.json: the remote's version, the commit and the versions it was built from), never the
 * working tree's. A build without either file (made before builds wrote it) is refused, nothing
 * stored or recorded. Answers the recorded release.
 * @param {string} name
 * @param {{ token: string, from?: string, apiUrl?: string, releasesUrl?: string, dir?: string, env?: Record<string,string> }} options
 */
export async function publishRemote(name, options) {
  const remote = remoteNamed(name);
  const pkgDir = path.join(repoRoot, remote.pkg);
  let buildDir = options.from ? path.resolve(options.from) : null;
  let temporary = null;
  if (!buildDir) {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote.pkg}-`));
    buildDir = temporary;
    buildInto(pkgDir, buildDir, options.env);
  }
  try {
    // Read before anything is stored: a build whose files are missing or malformed is not released.
    const slots = buildFiles.readBuildSlots(buildDir, remote.pkg);
    const { version, commit, builtAgainst } = buildFiles.readBuildFacts(buildDir, remote.pkg);
    const stored = storeRelease(buildDir, remote.name, options.dir);
    const base = (options.releasesUrl ?? `http://127.0.0.1:${remote.port}/releases`).replace(
      /\/$/,
      '',
    );
    return await recordRelease(
      {
        remote: remote.name,
        version,
        commit,
        contentHash: stored.contentHash,
        entry: `${base}/${stored.address}/mf-manifest.json`,
        shared: sharedOf(stored.dir),
        builtAgainst,
        sizes: sizesOf(stored.dir),
        slots,
      },
      { token: options.token, apiUrl: options.apiUrl },
    );
  } finally {
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** Makes a release live for everyone (or a canary for `share` per cent); throws the api's refusal. */
export async function promoteRelease(releaseId, share, { token, apiUrl = urls.api }) {
  const response = await fetch(
    `${apiUrl}/api/connect-ui/admin-panel/releases/${encodeURIComponent(releaseId)}/promote`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ share }),
    },
  );
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`promote refused (${response.status}): ${body.message ?? ''}`);
  return body;
}

/**
 * `npm start`'s first releases: every remote without a live release gets its built dist/
 * published (with the slots and facts its build wrote) and promoted to everyone, so the demo
 * starts on the release registry.
 * @param {{ token: string, dataDir: string, apiUrl?: string }} options
 * @returns {Promise<string[]>} the remotes given a release
 */
export async function ensureLiveReleases({ token, dataDir, apiUrl = urls.api }) {
  const answer = await fetch(`${apiUrl}/api/connect-ui/releases/live`);
  if (!answer.ok) throw new Error(`the live releases could not be read (${answer.status})`);
  const live = new Set((await answer.json()).remotes.map((remote) => remote.name));
  const released = [];
  const missing = remotes.filter((candidate) => !live.has(candidate.name));
  if (missing.length === 0) return released;
  const distOf = (remote) => path.join(repoRoot, remote.pkg, 'dist');
  // Every dist's files checked first: one built before builds wrote them stops the start before
  // any remote is published, rather than half-way.
  for (const remote of missing) {
    buildFiles.readBuildSlots(distOf(remote), remote.pkg);
    buildFiles.readBuildFacts(distOf(remote), remote.pkg);
  }
  for (const remote of missing) {
    const release = await publishRemote(remote.pkg, {
      token,
      apiUrl,
      from: distOf(remote),
      dir: releasesDir(dataDir),
    });
    await promoteRelease(release.id, 100, { token, apiUrl });
    released.push(remote.name);
  }
  return released;
}
