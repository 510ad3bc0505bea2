import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addTileToContract, buildChangedCopy } from '../../scripts/lib/remote-copy.cjs';
import { canaryBucket } from '../../shell/src/remotes/releases';
import { stack } from './stack';

const repoRoot = path.resolve(__dirname, '../..');

/** The test stack's releases folder (scripts/serve-for-tests.mjs's data folder). */
export const releasesDir = path.join(
  path.resolve(process.env.E2E_DATA_DIR ?? path.join(repoRoot, '.run/e2e-data')),
  'releases',
);

/** A remote's built dist/ (what `pnpm --filter <pkg> build` made). */
export const distOf = (pkg: string): string => path.join(repoRoot, pkg, 'dist');

/** A copy of a remote's built dist/ to change before publishing; removed by `cleanup`. */
export function copyOfBuild(pkg: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${pkg}-`));
  fs.cpSync(distOf(pkg), dir, { recursive: true });
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A production build of a remote from a copy of its sources that `change` edits first (its
 * contract, a parcel of its own), by scripts/lib/remote-copy.cjs: the remote's own webpack config
 * builds it, so slots.json and build.json are those the build writes for the changed sources, as
 * when a team builds its remote. `cleanup` removes the copy and the build.
 */
export function buildOfChangedSources(
  pkg: string,
  change: (sources: string) => void,
): { dir: string; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${pkg}-sources-`));
  const cleanup = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    return { dir: buildChangedCopy(pkg, root, change), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/**
 * Adds a dashboard tile to the remote's contract in `sources` (a copy, see
 * {@link buildOfChangedSources}), with a parcel of its own: a card with the tile's title and `text`.
 */
export function addDashboardTile(
  sources: string,
  tile: {
    id: string;
    title: string;
    access: 'all' | 'manager' | 'admin';
    order: number;
    text: string;
  },
): void {
  const parcel = `${tile.id}Tile`;
  fs.writeFileSync(
    path.join(sources, 'src', 'parcels', `${parcel}.tsx`),
    `import { Card, createReactParcel } from '@pos/shared';\n\n` +
      `export default createReactParcel(() => (\n` +
      `  <Card title={${JSON.stringify(tile.title)}}>\n` +
      `    <p>{${JSON.stringify(tile.text)}}</p>\n` +
      `  </Card>\n));\n`,
  );
  addTileToContract(
    sources,
    `{ id: ${JSON.stringify(tile.id)}, title: ${JSON.stringify(tile.title)}, ` +
      `access: '${tile.access}', order: ${tile.order}, ` +
      `load: () => import('./parcels/${parcel}').then((m) => m.default) }`,
  );
}

/** Replaces `from` with `to` in the build's JavaScript files; throws when nothing matched. */
export function changeBuild(dir: string, from: string, to: string): void {
  let changed = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const full = path.join(dir, file);
    const source = fs.readFileSync(full, 'utf8');
    if (!source.includes(from)) continue;
    fs.writeFileSync(full, source.split(from).join(to));
    changed += 1;
  }
  if (changed === 0) throw new Error(`${from} is in no file of ${dir}`);
}

/**
 * Publishes a remote with its own release script (scripts/release.mjs), from a build folder, as
 * the admin whose token is given; answers the new release's id.
 */
export function publishRelease(pkg: string, buildDir: string, token: string): string {
  const output = execFileSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/release.mjs'), pkg, '--from', buildDir],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        POS_RELEASE_TOKEN: token,
        API_URL: new URL(stack.api).origin,
        RELEASES_DIR: releasesDir,
      },
    },
  );
  const id = /as release (\S+)/.exec(output)?.[1];
  if (!id) throw new Error(`no release id in: ${output}`);
  return id;
}

/** sha256 of every file of a folder, by path: to show the shell never changed. */
export function filesDigest(dir: string): Record<string, string> {
  const digest: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        digest[path.relative(dir, full)] = createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  walk(dir);
  return digest;
}

/** The shell's built files and its server-side module. */
export const shellBuildDirs = [
  path.join(repoRoot, 'shell/dist'),
  path.join(repoRoot, 'shell/dist-server'),
];

/**
 * Makes an admin account on the sandbox login provider (its test controls) and answers its id,
 * the `sub` a canary share is drawn by.
 */
export async function provideAdmin(email: string, password: string): Promise<string> {
  const response = await fetch(`${stack.login}/_control/users/${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Canary Admin', password, isAdmin: true }),
  });
  if (!response.ok) throw new Error(`provideAdmin ${email}: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Makes admin accounts until one falls in the first `share` per cent of `remote`'s canary
 * buckets (the shell's own draw, `canaryBucket`), and answers its email.
 */
export async function canaryAdmin(
  remote: string,
  share: number,
  password: string,
): Promise<string> {
  for (let i = 0; ; i += 1) {
    const email = `canary-${Date.now()}-${i}@demo.test`;
    const id = await provideAdmin(email, password);
    if (canaryBucket(id, remote) < share) return email;
  }
}

/** A tile's or nav item's place as /remotes.json declares it. */
type DeclaredSlots = {
  tiles: Array<{ id: string; title: string }>;
  navItems: Array<{ id: string }>;
};

/** One remote of the shell's /remotes.json as it is served now: its slots and its canary's. */
export async function remotesJsonEntry(remote: string): Promise<{
  release?: string;
  slots?: DeclaredSlots;
  canary?: { release: string; slots?: DeclaredSlots };
}> {
  const response = await fetch(`${stack.shell}/remotes.json`);
  if (!response.ok) throw new Error(`/remotes.json: ${response.status}`);
  const body = (await response.json()) as {
    remotes: Array<{
      name: string;
      release?: string;
      slots?: DeclaredSlots;
      canary?: { release: string; slots?: DeclaredSlots };
    }>;
  };
  const entry = body.remotes.find((candidate) => candidate.name === remote);
  if (!entry) throw new Error(`${remote} is not in /remotes.json`);
  return entry;
}

/** Sets the range a build's mf-manifest.json declares for one shared singleton. */
export function declareShared(dir: string, name: string, requiredVersion: string): void {
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    shared: Array<{ name: string; requiredVersion: string }>;
  };
  const entry = manifest.shared.find((shared) => shared.name === name);
  if (!entry) throw new Error(`${name} is not shared by ${dir}`);
  entry.requiredVersion = requiredVersion;
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2));
}

/** Removes the build's entry (remoteEntry.js): the remote then cannot be loaded at all. */
export function breakBuild(dir: string): void {
  fs.rmSync(path.join(dir, 'remoteEntry.js'));
}

/** Each remote's live release and canary, as the api's live mapping says now. */
export async function liveReleaseOf(
  remote: string,
): Promise<{ release: string; canary: { release: string; share: number } | null } | null> {
  const response = await fetch(`${stack.api}/releases/live`);
  const body = (await response.json()) as {
    remotes: Array<{
      name: string;
      release: string;
      canary: { release: string; share: number } | null;
    }>;
  };
  return body.remotes.find((entry) => entry.name === remote) ?? null;
}
