import { defineConfig } from '@playwright/test';
import { stack } from './support/stack';

/**
 * End-to-end journeys against the product as `npm start` runs it (built, on fresh data),
 * in Debian's Chromium: no browser is downloaded.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey signs people in and out, connects stores and loads eight remotes on a 2-core
  // machine; each step still waits at most the expect timeout below.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: '../.run/reports/e2e.json' }]],
  outputDir: '../.run/e2e-results',
  use: {
    baseURL: stack.shell,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/serve-for-tests.mjs',
    url: `${stack.shell}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
