import { defineConfig } from '@playwright/test';
import chromiumArgs from './support/chromium-args.json';
import { behindNginx, stack } from './support/stack';

/**
 * End-to-end journeys against the product as `npm start` runs it (built, on fresh data),
 * in Debian's Chromium: no browser is downloaded.
 */
/**
 * The journeys against a real WooCommerce store run only in the `real-store` step
 * (scripts/lib/real-store.mjs), which sets the store up and names it in REAL_STORE_SITE.
 */
const realStore = Boolean(process.env.REAL_STORE_SITE);

/**
 * 'e2e', 'e2e-scale' for the run with two api instances (E2E_API_INSTANCES=2), or
 * 'real-store-e2e' for the real store's journeys.
 */
const runName = realStore
  ? 'real-store-e2e'
  : Number(process.env.E2E_API_INSTANCES ?? 1) > 1 || behindNginx
    ? 'e2e-scale'
    : 'e2e';

export default defineConfig({
  testDir: './tests',
  // The edge's own journey needs nginx in front (the e2e-scale step).
  testIgnore: [
    ...(realStore ? [] : ['**/real-store.spec.ts']),
    ...(behindNginx ? [] : ['**/edge.spec.ts']),
  ],
  fullyParallel: false,
  workers: 1,
  // CI tries a failed journey once more; scripts/test.mjs names every journey that needed it.
  retries: process.env.CI ? 1 : 0,
  // A journey signs people in and out, connects stores and loads eight remotes on a 2-core
  // machine; each step still waits at most the expect timeout below.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  // The two-instance run keeps its own results, so a failure of the first run keeps its trace.
  reporter: [['list'], ['json', { outputFile: `../.run/reports/${runName}.json` }]],
  outputDir: `../.run/${runName}-results`,
  use: {
    baseURL: stack.shell,
    // Behind nginx the stack's certificate is self-signed (a real one in production).
    ignoreHTTPSErrors: behindNginx,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Headless as root, as the machine's notes ask (the bench scripts launch with the same).
      args: chromiumArgs,
    },
  },
  webServer: {
    command: 'node ../scripts/serve-for-tests.mjs',
    url: `${stack.shell}/`,
    ignoreHTTPSErrors: behindNginx,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
