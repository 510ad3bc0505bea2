// Debian's Chromium for the bench scripts, headless, as the machine's notes ask for running it as
// root (the end-to-end tests' own launch options are in e2e/playwright.config.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './services.mjs';

/**
 * Launches Chromium through the e2e package's playwright-core (required only when called: a fresh
 * clone has it once the dependencies are installed). CHROMIUM_PATH overrides /usr/bin/chromium.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium() {
  const { chromium } = createRequire(path.join(repoRoot, 'e2e/package.json'))('playwright-core');
  return chromium.launch({
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
  });
}
