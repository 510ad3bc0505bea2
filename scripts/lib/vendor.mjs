// Where the real store's releases come from (WordPress and WooCommerce, ../shared/vendor beside
// the clone): Node's own modules only, so that scripts/test.mjs can ask before it has installed
// the dependencies.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './services.mjs';

/** Where the vendored releases are looked for: ../shared/vendor beside the clone. */
export const vendorDir = path.resolve(repoRoot, '../shared/vendor');

/**
 * The two zips the real store is made of, or why the step cannot run.
 * @returns {{ wordpress: string, woocommerce: string } | { missing: string }}
 */
export function realStoreZips(env = process.env) {
  const wordpress = path.resolve(env.WORDPRESS_ZIP || path.join(vendorDir, 'wordpress-6.8.8.zip'));
  const woocommerce = path.resolve(
    env.WOOCOMMERCE_ZIP || path.join(vendorDir, 'woocommerce-10.0.2.zip'),
  );
  const absent = [wordpress, woocommerce].filter((file) => !existsSync(file));
  if (absent.length > 0) {
    return {
      missing: `no ${absent.join(' nor ')} (put ../shared/vendor beside the clone, or set WORDPRESS_ZIP and WOOCOMMERCE_ZIP)`,
    };
  }
  return { wordpress, woocommerce };
}
