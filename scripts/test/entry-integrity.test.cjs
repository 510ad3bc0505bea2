// The shell's Subresource Integrity (scripts/lib/entry-integrity.cjs): a production build of a
// small entry with a lazy chunk, whose page must name each entry script with the sha384 of the
// file as written (after webpack's real content hashes).
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { EntryScriptIntegrityPlugin } = require('../lib/entry-integrity.cjs');

const shellDir = path.join(__dirname, '..', '..', 'shell');
const fromShell = (name) => require(require.resolve(name, { paths: [shellDir] }));
const webpack = fromShell('webpack');
const HtmlWebpackPlugin = fromShell('html-webpack-plugin');

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-integrity-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'src', 'index.js'),
    "import('./lazy.js').then((lazy) => console.log(lazy.value));\n",
  );
  fs.writeFileSync(path.join(dir, 'src', 'lazy.js'), "export const value = 'lazy';\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function build() {
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './src/index.js' },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [
      new HtmlWebpackPlugin({ templateContent: '<!doctype html><title>t</title>' }),
      new EntryScriptIntegrityPlugin({ HtmlWebpackPlugin }),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      return resolve(stats);
    }),
  );
}

describe('EntryScriptIntegrityPlugin', () => {
  it("puts the final file's sha384 and crossorigin on the page's entry script only", async () => {
    await build();
    const html = fs.readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8');
    const tags = html.match(/<script[^>]*>/g);
    expect(tags).toHaveLength(1);
    const [, src] = /src="?\/([^"\s>]+)/.exec(tags[0]);
    const file = fs.readFileSync(path.join(dir, 'dist', src));
    const expected = `sha384-${crypto.createHash('sha384').update(file).digest('base64')}`;
    expect(tags[0]).toContain(`integrity="${expected}"`);
    expect(tags[0]).toMatch(/crossorigin="?anonymous/);
    expect(html).not.toContain('sri-placeholder');
    // The lazy chunk is loaded by webpack's runtime, without integrity.
    expect(
      fs.readdirSync(path.join(dir, 'dist')).filter((name) => name.endsWith('.js')),
    ).toHaveLength(2);
  }, 60_000);
});
