import { expect, test } from '@playwright/test';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { ShellPage } from '../pages/ShellPage';
import { claimsOf, provideAccount } from '../support/provider';

test('a short-lived token is refreshed without losing the page', async ({ page }) => {
  const email = `short-token-${Date.now()}@demo.test`;
  // exp is under the 300 s threshold within seconds; nra 100 s away makes the check run every 5 s.
  await provideAccount(email, {
    name: 'Sam Short',
    password: 'a-strong-password',
    accessTokenTtl: 303,
    refreshWindowTtl: 100,
  });
  const provider = new LoginProviderPage(page);
  await provider.open();
  await provider.signIn(email, 'a-strong-password');
  const shell = new ShellPage(page);
  await shell.onAPlan();

  await shell.navItem('Resources').click();
  await expect(page).toHaveURL(/\/resources$/);
  await page.evaluate(() => Object.assign(window, { pageMarker: 'still here' }));
  const first = (await shell.token()) as string;
  expect(first).toBeTruthy();

  await expect.poll(() => shell.token(), { timeout: 20_000, intervals: [500] }).not.toBe(first);
  const second = (await shell.token()) as string;
  expect(claimsOf(second).iat).toBeGreaterThan(claimsOf(first).iat);
  expect(claimsOf(second).nra).toBe(claimsOf(first).nra);
  expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe(
    'still here',
  );
  await expect(page).toHaveURL(/\/resources$/);
  // The api sets the cookie (HttpOnly, out of script's reach) right after the token changes.
  const tokenCookie = async () =>
    (await page.context().cookies()).find((c) => c.name === 'pos_token');
  await expect.poll(async () => (await tokenCookie())?.value).toBe(encodeURIComponent(second));
  const cookie = await tokenCookie();
  expect(cookie?.httpOnly).toBe(true);
  // Chromium moves an Expires by the clock skew it reads off the answer's Date header (whole
  // seconds, taken when the answer arrives): up to a second plus the answer's travel. A CI run
  // saw 1.001 s.
  expect(Math.abs((cookie?.expires ?? 0) - claimsOf(second).exp)).toBeLessThan(2);
});
