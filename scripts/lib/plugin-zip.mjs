// Builds the WordPress plugins' downloads: wordpress-plugin/dist/cloud-pos.zip, the Cloud POS
// plugin, and wordpress-plugin/dist/cloud-pos-staff.zip, its multiple-user (Staff) add-on. Each
// is its folder (cloud-pos/, cloud-pos-staff/) as WordPress's Plugins → Add New → Upload Plugin
// expects it, zipped with yazl. The Cloud POS copy may carry the cloud POS address as its
// default, so a store that installs it needs no setting before its stations open, and the
// dashboard its "Connect to Cloud POS" screen opens (assets/ included, as every file).
//
//   node scripts/lib/plugin-zip.mjs [--origin https://pos.example.com]
//                                   [--dashboard https://dashboard.example.com] [--out file.zip]
//                                   [--staff-out file.zip]
import {
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  mkdirSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import yazl from 'yazl';
import { pluginDownload, repoRoot, staffPluginDownload, urls } from './services.mjs';

export const pluginDir = path.join(repoRoot, 'wordpress-plugin/cloud-pos');
export const staffPluginDir = path.join(repoRoot, 'wordpress-plugin/cloud-pos-staff');

/** The line of cloud-pos.php the build stamps; the plugin reads it when no setting is saved. */
const ORIGIN_LINE = "define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '' );";

/** The line with the production dashboard, which the build replaces by the dashboard given. */
const DASHBOARD_LINE =
  "define( 'CLOUD_POS_DEFAULT_DASHBOARD_URL', 'https://dashboard.cloudpos.example' );";

// A fixed date: the same sources give the same archive, whatever the files' checkout times.
const MTIME = new Date('2025-01-01T00:00:00Z');

/**
 * An origin the download is stamped with: http(s), scheme and host (and port) only, nothing
 * that could end the PHP string it is written into.
 * @param {string} origin
 * @param {string} [what] the address's name in the error
 */
export function checkOrigin(origin, what = 'The cloud POS address') {
  const trimmed = origin.replace(/\/+$/, '');
  if (
    !/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(trimmed) &&
    !/^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(trimmed)
  ) {
    throw new Error(
      `${what} must be an http(s) origin such as https://pos.example.com, got ${origin}`,
    );
  }
  return trimmed;
}

/** Every file under `dir`, relative, with forward slashes, sorted (a stable archive order). */
function filesUnder(dir, prefix = '') {
  const entries = readdirSync(path.join(dir, prefix), { withFileTypes: true });
  return entries
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return [`${relative}/`, ...filesUnder(dir, relative)];
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** The folders above a relative file name, outermost first, each with its trailing slash. */
function parentFolders(name) {
  const parts = name.split('/').slice(0, -1);
  return parts.map((_part, n) => `${parts.slice(0, n + 1).join('/')}/`);
}

/** The register's build (register/dist, `pnpm --filter @pos/register build`). */
export const registerDist = path.join(repoRoot, 'register/dist');

/**
 * The register's built files as the plugin serves them, `assets/register/…`; none when the
 * register is not built (the plugin's /pos/{id} then says its files are missing).
 */
function registerFiles() {
  if (!existsSync(path.join(registerDist, 'manifest.json'))) return [];
  return readdirSync(registerDist, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|json|txt)$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ file: path.join(registerDist, name), name: `assets/register/${name}` }));
}

/**
 * Zips the folder `dir` as `folder/` into `out` (written beside it first, then renamed, so a
 * server never hands out half a file). `transform` may change a file's content.
 * `extra` adds files from elsewhere (`{ file, name }`, name inside `folder/`).
 * @param {{ dir: string, folder: string, out: string,
 *   transform?: (relative: string, content: Buffer) => Buffer,
 *   extra?: Array<{ file: string, name: string }> }} options
 * @returns {Promise<string[]>} the archive's entries
 */
async function zipFolder({
  dir,
  folder,
  out,
  transform = (_relative, content) => content,
  extra = [],
}) {
  const zip = new yazl.ZipFile();
  const entries = [`${folder}/`];
  zip.addEmptyDirectory(`${folder}/`, { mtime: MTIME, mode: 0o40755 });
  for (const relative of filesUnder(dir)) {
    const name = `${folder}/${relative}`;
    entries.push(name);
    if (relative.endsWith('/')) {
      zip.addEmptyDirectory(name, { mtime: MTIME, mode: 0o40755 });
      continue;
    }
    const content = transform(relative, readFileSync(path.join(dir, relative)));
    zip.addBuffer(content, name, { mtime: MTIME, mode: 0o100644 });
  }
  for (const { file, name } of extra) {
    for (const parent of parentFolders(name)) {
      if (entries.includes(`${folder}/${parent}`)) continue;
      entries.push(`${folder}/${parent}`);
      zip.addEmptyDirectory(`${folder}/${parent}`, { mtime: MTIME, mode: 0o40755 });
    }
    entries.push(`${folder}/${name}`);
    zip.addBuffer(readFileSync(file), `${folder}/${name}`, { mtime: MTIME, mode: 0o100644 });
  }
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.part`;
  try {
    await new Promise((resolve, reject) => {
      const stream = createWriteStream(partial);
      stream.on('error', reject).on('close', resolve);
      zip.outputStream.on('error', reject).pipe(stream);
      zip.end();
    });
    renameSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
  }
  return entries;
}

/**
 * Zips wordpress-plugin/cloud-pos into `out`, stamped with the cloud POS address and the
 * dashboard.
 * @param {{ origin?: string, dashboard?: string, out?: string }} [options] origin: the cloud POS
 *   address to stamp (default: CLOUD_POS_API_ORIGIN, else this machine's cloud POS address);
 *   dashboard: the dashboard the connect screen opens (default: CLOUD_POS_DASHBOARD_URL, else
 *   this machine's dashboard)
 * @returns {Promise<{ out: string, origin: string, dashboard: string, entries: string[] }>}
 */
export async function buildPluginZip(options = {}) {
  const origin = checkOrigin(options.origin ?? process.env.CLOUD_POS_API_ORIGIN ?? urls.cloudPos);
  const dashboard = checkOrigin(
    options.dashboard ?? process.env.CLOUD_POS_DASHBOARD_URL ?? urls.shell,
    'The dashboard address',
  );
  const out = path.resolve(options.out ?? pluginDownload.file);
  const entries = await zipFolder({
    dir: pluginDir,
    folder: 'cloud-pos',
    out,
    extra: registerFiles(),
    transform(relative, content) {
      if (relative !== 'cloud-pos.php') return content;
      const source = content.toString('utf8');
      for (const line of [ORIGIN_LINE, DASHBOARD_LINE]) {
        if (!source.includes(line)) {
          throw new Error(`cloud-pos.php no longer has the line the build stamps: ${line}`);
        }
      }
      return Buffer.from(
        source
          .replace(ORIGIN_LINE, `define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '${origin}' );`)
          .replace(DASHBOARD_LINE, `define( 'CLOUD_POS_DEFAULT_DASHBOARD_URL', '${dashboard}' );`),
      );
    },
  });
  return { out, origin, dashboard, entries };
}

/**
 * Zips the Staff add-on, wordpress-plugin/cloud-pos-staff, into `out` (as it is: it has no
 * setting to stamp).
 * @param {{ out?: string }} [options]
 * @returns {Promise<{ out: string, entries: string[] }>}
 */
export async function buildStaffPluginZip(options = {}) {
  const out = path.resolve(options.out ?? staffPluginDownload.file);
  const entries = await zipFolder({ dir: staffPluginDir, folder: 'cloud-pos-staff', out });
  return { out, entries };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const valueOf = (flag) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  try {
    const { out, origin, dashboard, entries } = await buildPluginZip({
      origin: valueOf('--origin'),
      dashboard: valueOf('--dashboard'),
      out: valueOf('--out'),
    });
    console.info(
      `${path.relative(process.cwd(), out)}: ${entries.length} entries, cloud POS address ${origin}, dashboard ${dashboard}`,
    );
    const staff = await buildStaffPluginZip({ out: valueOf('--staff-out') });
    console.info(`${path.relative(process.cwd(), staff.out)}: ${staff.entries.length} entries`);
  } catch (error) {
    console.error(`Could not build the plugin download: ${error.message}`);
    process.exit(1);
  }
}
