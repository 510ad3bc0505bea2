import type { Browser, Locator, Page } from '@playwright/test';

/**
 * The dashboard as the server's first paint alone shows it: `page`'s session in a context with
 * JavaScript off, so nothing takes over from the HTML. `use` gets the first paint's root.
 */
export async function withFirstPaintOnly(
  browser: Browser,
  page: Page,
  use: (firstPaint: Locator) => Promise<void>,
): Promise<void> {
  const still = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
  });
  try {
    const frozen = await still.newPage();
    await frozen.goto('/');
    await use(frozen.locator('#shell-first-paint'));
  } finally {
    await still.close();
  }
}
