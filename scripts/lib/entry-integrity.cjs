// Subresource Integrity for the scripts an HTML page of the build names (the shell's index.html):
// `integrity="sha384-…" crossorigin="anonymous"` on each of its <script src> tags.
//
// Why not webpack-subresource-integrity: with Module Federation it fails the build ("Asset
// main.….js contains unresolved integrity placeholders", its issue #176): federation's chunks
// never get their hashes. A remote's files change with each of its deployments anyway, and its
// own runtime loads them, so the page's entry scripts are what a build can pin.
//
// The hashes are those of the final files: html-webpack-plugin marks each tag with a
// placeholder naming the script, and after webpack's real content hashes are in (which rewrite
// both the scripts and the page) this plugin puts each script's sha384 in its placeholder's place.
const crypto = require('node:crypto');

const NAME = 'EntryScriptIntegrityPlugin';
const PLACEHOLDER = 'sri-placeholder:';
/** The attribute as the minified page has it, quoted or not. */
const PLACEHOLDERS = new RegExp(`integrity=(["']?)${PLACEHOLDER}([^\\s"'>]+)\\1`, 'g');

/** `sha384-…` of a file's bytes. */
function integrityOf(content) {
  return `sha384-${crypto.createHash('sha384').update(content).digest('base64')}`;
}

/**
 * What a page written by hand puts in a script's integrity attribute to have this plugin fill
 * it in (as it does for the tags html-webpack-plugin writes): `file` relative to the output.
 */
function integrityPlaceholder(file) {
  return `${PLACEHOLDER}${file}`;
}

class EntryScriptIntegrityPlugin {
  /** @param {{ HtmlWebpackPlugin: typeof import('html-webpack-plugin') }} options */
  constructor({ HtmlWebpackPlugin }) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const publicPath = compilation.outputOptions.publicPath;
      const prefix = typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : '';
      this.HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        for (const tag of [...data.headTags, ...data.bodyTags]) {
          const src = tag.tagName === 'script' ? tag.attributes.src : null;
          if (typeof src !== 'string' || /^(?:[a-z]+:)?\/\//i.test(src)) continue;
          const file = src.startsWith(prefix) ? src.slice(prefix.length) : src;
          tag.attributes.integrity = integrityPlaceholder(file);
          tag.attributes.crossorigin = 'anonymous';
        }
        return data;
      });
      compilation.hooks.processAssets.tap(
        // After RealContentHashPlugin (OPTIMIZE_HASH), which may still change the scripts.
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.html')) continue;
            const html = compilation.getAsset(name).source.source().toString();
            if (!html.includes(PLACEHOLDER)) continue;
            const filled = html.replace(PLACEHOLDERS, (_match, _quote, file) => {
              const script = compilation.getAsset(file);
              if (!script) {
                compilation.errors.push(new Error(`${NAME}: ${name} names ${file}, not built`));
                return '';
              }
              // Quoted: a base64 value has '=', which an unquoted attribute may not.
              return `integrity="${integrityOf(script.source.buffer())}"`;
            });
            compilation.updateAsset(name, new sources.RawSource(filled));
          }
        },
      );
    });
  }
}

module.exports = { EntryScriptIntegrityPlugin, integrityOf, integrityPlaceholder };
