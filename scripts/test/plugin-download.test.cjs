// The Cloud POS plugin's download and its Staff add-on's: built by scripts/lib/plugin-zip.mjs
// (its CLI, as the build runs it) and served by the static server's --download option, as the
// shell's server serves them at /downloads/cloud-pos.zip and /downloads/cloud-pos-staff.zip.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const yauzl = require('yauzl');

const PORT = 3990 + (process.pid % 9);
const BASE = `http://127.0.0.1:${PORT}`;
const scripts = path.join(__dirname, '..');
let dir;
let zipFile;
let staffZipFile;
let server;

/** Every entry of a zip (name and content), read with yauzl. */
function readZip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, '');
          return zip.readEntry();
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

function buildZip(...args) {
  return spawnSync(process.execPath, [path.join(scripts, 'lib/plugin-zip.mjs'), ...args], {
    encoding: 'utf8',
  });
}

async function waitUntilUp() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      return await fetch(`${BASE}/index.html`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('static server did not start');
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-download-'));
  fs.mkdirSync(path.join(dir, 'dist'));
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  zipFile = path.join(dir, 'out', 'cloud-pos.zip');
  staffZipFile = path.join(dir, 'out', 'cloud-pos-staff.zip');
  const built = buildZip(
    ...['--origin', 'https://pos.example.com/'],
    ...['--dashboard', 'https://dashboard.example.com'],
    ...['--out', zipFile, '--staff-out', staffZipFile],
  );
  if (built.status !== 0) throw new Error(`plugin-zip.mjs failed: ${built.stderr}`);
  server = spawn(process.execPath, [
    path.join(scripts, 'static-server.mjs'),
    ...['--root', path.join(dir, 'dist'), '--port', String(PORT), '--spa'],
    ...['--download', `/downloads/cloud-pos.zip=${zipFile}`],
    ...['--download', `/downloads/cloud-pos-staff.zip=${staffZipFile}`],
    ...['--download', `/downloads/missing.zip=${path.join(dir, 'out', 'missing.zip')}`],
  ]);
  await waitUntilUp();
});

afterAll(() => {
  server?.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the plugin download', () => {
  it('is served as an attachment at /downloads/cloud-pos.zip', async () => {
    const response = await fetch(`${BASE}/downloads/cloud-pos.zip`, {
      headers: { accept: 'text/html,*/*', 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?cloud-pos\.zip"?$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // A zip is already compressed: it is sent as is, byte for byte the built file.
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(fs.readFileSync(zipFile))).toBe(true);
  });

  it('is a zip of the folder cloud-pos/ as WordPress installs it, with the main file', async () => {
    const body = Buffer.from(await (await fetch(`${BASE}/downloads/cloud-pos.zip`)).arrayBuffer());
    const entries = await readZip(body);
    const names = [...entries.keys()];
    expect(names.every((name) => name.startsWith('cloud-pos/'))).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining([
        'cloud-pos/',
        'cloud-pos/cloud-pos.php',
        'cloud-pos/uninstall.php',
        'cloud-pos/readme.txt',
        'cloud-pos/includes/class-cloud-pos-rest.php',
        'cloud-pos/includes/class-cloud-pos-connect.php',
        'cloud-pos/assets/connect.js',
      ]),
    );
    // Only the plugin: no tests, no build scripts, no dot files.
    expect(names.filter((name) => /\/(tests|bin)\/|\/\./.test(name))).toEqual([]);
    const main = entries.get('cloud-pos/cloud-pos.php');
    expect(main).toContain('Plugin Name:          Cloud POS');
    // The build stamps the cloud POS address it was given as the copy's default.
    expect(main).toContain("define( 'CLOUD_POS_DEFAULT_API_ORIGIN', 'https://pos.example.com' );");
    const source = fs.readFileSync(
      path.join(scripts, '../wordpress-plugin/cloud-pos/cloud-pos.php'),
    );
    expect(source.toString()).toContain("define( 'CLOUD_POS_DEFAULT_API_ORIGIN', '' );");
    // And the dashboard the "Connect to Cloud POS" screen opens, instead of the production one.
    expect(main).toContain(
      "define( 'CLOUD_POS_DEFAULT_DASHBOARD_URL', 'https://dashboard.example.com' );",
    );
    expect(source.toString()).toContain(
      "define( 'CLOUD_POS_DEFAULT_DASHBOARD_URL', 'https://dashboard.cloudpos.example' );",
    );
    expect(entries.get('cloud-pos/assets/connect.js')).toBe(
      fs.readFileSync(
        path.join(scripts, '../wordpress-plugin/cloud-pos/assets/connect.js'),
        'utf8',
      ),
    );
  });

  it('is the same archive when built again from the same sources', () => {
    const again = path.join(dir, 'again.zip');
    const staffAgain = path.join(dir, 'staff-again.zip');
    const rebuilt = buildZip(
      ...['--origin', 'https://pos.example.com'],
      ...['--dashboard', 'https://dashboard.example.com/'],
      ...['--out', again, '--staff-out', staffAgain],
    );
    expect(rebuilt.status).toBe(0);
    expect(fs.readFileSync(again).equals(fs.readFileSync(zipFile))).toBe(true);
    expect(fs.readFileSync(staffAgain).equals(fs.readFileSync(staffZipFile))).toBe(true);
  });

  it('serves the Staff add-on as an attachment at /downloads/cloud-pos-staff.zip', async () => {
    const response = await fetch(`${BASE}/downloads/cloud-pos-staff.zip`, {
      headers: { accept: 'text/html,*/*', 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?cloud-pos-staff\.zip"?$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(fs.readFileSync(staffZipFile))).toBe(true);
  });

  it('zips the Staff add-on as the folder cloud-pos-staff/, a plugin that turns multiple users on', async () => {
    const body = Buffer.from(
      await (await fetch(`${BASE}/downloads/cloud-pos-staff.zip`)).arrayBuffer(),
    );
    const entries = await readZip(body);
    expect([...entries.keys()].sort()).toEqual([
      'cloud-pos-staff/',
      'cloud-pos-staff/cloud-pos-staff.php',
      'cloud-pos-staff/readme.txt',
    ]);
    const main = entries.get('cloud-pos-staff/cloud-pos-staff.php');
    expect(main).toContain('Plugin Name:       Cloud POS Staff');
    expect(main).toContain('Requires Plugins:  cloud-pos');
    expect(main).toContain(
      "add_filter( 'cloud_pos_multiple_user_plugin_active', '__return_true' );",
    );
    expect(entries.get('cloud-pos-staff/readme.txt')).toMatch(/^=== Cloud POS Staff ===/);
    // Byte for byte the sources: the add-on has nothing to stamp.
    expect(main).toBe(
      fs.readFileSync(
        path.join(scripts, '../wordpress-plugin/cloud-pos-staff/cloud-pos-staff.php'),
        'utf8',
      ),
    );
  });

  it('refuses an address that is not an http(s) origin', () => {
    for (const origin of ["https://pos.example.com'); phpinfo(); //", 'ftp://pos.example.com']) {
      const result = buildZip('--origin', origin, '--out', path.join(dir, 'bad.zip'));
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('must be an http(s) origin');
    }
    const dashboard = buildZip(
      ...['--dashboard', "https://dashboard.example.com'); phpinfo(); //"],
      ...['--out', path.join(dir, 'bad.zip')],
    );
    expect(dashboard.status).toBe(1);
    expect(dashboard.stderr).toContain('The dashboard address must be an http(s) origin');
    expect(fs.existsSync(path.join(dir, 'bad.zip'))).toBe(false);
  });

  it('answers 404 in plain words while the zip has not been built', async () => {
    const response = await fetch(`${BASE}/downloads/missing.zip`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('missing.zip has not been built yet');
  });
});
