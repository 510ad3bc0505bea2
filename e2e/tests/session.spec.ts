import { expect, test } from '@playwright/test';
import { LandingPage } from '../pages/LandingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { ShellPage } from '../pages/ShellPage';
import { SwitchAccountPage } from '../pages/SwitchAccountPage';
import { expectAccessible } from '../support/a11y';
import { accounts, cloudPosAddress, demoApplication, stack } from '../support/stack';

test.describe('the session', () => {
  test('logging out clears the token and returns to the landing page', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const token = await shell.token();
    expect(token).toBeTruthy();
    // A copy of the token, as someone who kept it would send it: through the shell's proxy,
    // which takes the api instances in turn (two of them in e2e-scale), hence two calls.
    const userData = () =>
      page.request.get(`${stack.shell}/api/connect-ui/user-data`, {
        headers: { authorization: `Bearer ${token}` },
      });
    for (const _instance of [1, 2]) expect((await userData()).status()).toBe(200);

    await shell.logOut();
    await expect(new LandingPage(page).signIn).toBeVisible();
    expect(await shell.token()).toBeNull();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'pos_token')).toBeUndefined();

    // The session ended on the server: every instance refuses the old token, and the cloud POS
    // address does not open with it as its cookie.
    for (const _instance of [1, 2]) expect((await userData()).status()).toBe(401);
    const station = await page.request.get(cloudPosAddress(demoApplication.slug, 'pos'), {
      headers: { cookie: `pos_token=${encodeURIComponent(token ?? '')}` },
      maxRedirects: 0,
    });
    expect(station.status()).toBe(302);
    expect(station.headers().location).toContain('/pos-unauthorized?redirectPath=');
  });

  for (const attempt of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    test(`a stored redirect path ${attempt} is not followed`, async ({ page }) => {
      await page.goto(`/pos-unauthorized?redirectPath=${encodeURIComponent(attempt)}`);
      await page.waitForURL((url) => url.pathname.startsWith('/need-access/'));
      await new LoginProviderPage(page).signIn(accounts.manager.email, accounts.manager.password);
      await page.waitForURL((url) => url.pathname === '/success-login' || url.pathname === '/');
      await page.waitForTimeout(1_500);
      expect(new URL(page.url()).origin).toBe(stack.shell);
      expect(new URL(page.url()).pathname).toBe('/');
    });
  }

  test('a sign-in link of another account asks before replacing the one signed in, naming both (login CSRF)', async ({
    page,
    browser,
  }) => {
    // The cashier's own token, from a sign-in elsewhere (another browser): a link someone could send.
    const elsewhere = await browser.newContext();
    const cashierShell = new ShellPage(await elsewhere.newPage());
    await cashierShell.signInAs('cashier');
    const cashierToken = (await cashierShell.token()) ?? '';
    await elsewhere.close();
    expect(cashierToken).not.toBe('');

    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const managerToken = await shell.token();
    const switchAccount = new SwitchAccountPage(page);
    await switchAccount.openLink(cashierToken);
    await switchAccount.expectAsked(accounts.manager, accounts.cashier);
    await expectAccessible(page, 'the switch accounts question');
    expect(await shell.token()).toBe(managerToken);

    // Staying keeps the manager signed in.
    await switchAccount.stay(accounts.manager.email);
    await shell.expectDashboard();
    expect(await shell.token()).toBe(managerToken);
    await expect((await shell.openProfileMenu()).getByText(accounts.manager.email)).toBeVisible();

    // Switching signs the cashier in.
    await switchAccount.openLink(cashierToken);
    await switchAccount.switchTo(accounts.cashier.email);
    await shell.expectDashboard();
    expect(await shell.token()).toBe(cashierToken);
    await expect((await shell.openProfileMenu()).getByText(accounts.cashier.email)).toBeVisible();

    // A link of the account signed in goes straight on, as before.
    await switchAccount.openLink(cashierToken);
    await page.waitForURL((url) => url.pathname === '/success-login' || url.pathname === '/');
    await shell.expectDashboard();
    await expect(switchAccount.root).toBeHidden();
  });

  test('the deactivated page names the support contact', async ({ page }) => {
    await page.goto('/deactivated');
    await expect(page.getByText('The account is not active')).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expectAccessible(page, 'the deactivated page');
  });
});

test('the single sign-on frame signs a visitor with a provider session straight in', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  await shell.signInAs('manager');
  // A dashboard tab without a token, while the provider still has a session.
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies({ name: 'pos_token' });
  await page.goto('/');
  await shell.expectDashboard();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(accounts.manager.name);
  expect(await shell.token()).toBeTruthy();

  // After logging out, the provider session is gone too: the landing page stays.
  await shell.logOut();
  await expect(new LandingPage(page).signIn).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(new LandingPage(page).signIn).toBeVisible();
  expect(await shell.token()).toBeNull();
});
