// Debian's Chromium for the bench scripts, headless, with the end-to-end tests' flags for running
// it as root (e2e/support/chromium-args.json, which e2e/playwright.config.ts uses too), and the
// dashboard's sign-in they all start from.
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot, urls } from './services.mjs';

/**
 * Launches Chromium through the e2e package's playwright-core (required only when called: a fresh
 * clone has it once the dependencies are installed). CHROMIUM_PATH overrides /usr/bin/chromium.
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium() {
  const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
  const { chromium } = requireFromE2e('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The end-to-end tests' flags (e2e/support/chromium-args.json), one list for both.
    args: requireFromE2e('./support/chromium-args.json'),
  });
}

/**
 * Signs `account` in on the dashboard in `page` through the sandbox login provider's own form, as
 * a visitor does, and waits for the dashboard's root.
 * @param {import('playwright-core').Page} page
 * @param {{ email: string, password: string }} account
 * @param {{ login?: string, shell?: string }} [origins] the login provider and the dashboard
 */
export async function signInOnDashboard(
  page,
  account,
  { login = urls.login, shell = urls.shell } = {},
) {
  await page.goto(`${login}/need-access/${encodeURIComponent(shell)}?product=pos`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${shell}/`);
}

/**
 * The storage state (cookies and localStorage) of `account` signed in on the dashboard, from a
 * context of its own that has loaded the dashboard.
 * @param {import('playwright-core').Browser} browser
 * @param {{ email: string, password: string }} account
 */
export async function signedInState(browser, account) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInOnDashboard(page, account);
    await page.waitForLoadState('networkidle');
    return await context.storageState();
  } finally {
    await context.close();
  }
}
