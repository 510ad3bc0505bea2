import { expect, test } from '@playwright/test';
import { LandingPage } from '../pages/LandingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { accounts, stack } from '../support/stack';

test('a signed-out visitor sees the landing page with every text and link of the spec', async ({
  page,
}) => {
  const landing = new LandingPage(page);
  await landing.open();

  await expect(landing.signIn).toHaveAttribute(
    'href',
    `${stack.login}/need-access/${encodeURIComponent(stack.shell)}?product=pos`,
  );
  await expect(landing.getStarted).toHaveAttribute(
    'href',
    new RegExp(`^${stack.login}/need-register\\?product=pos`),
  );
  await expect(landing.learnMore).toBeVisible();
  for (const title of [
    'Advanced Features',
    'Sell Anywhere',
    'Sync Instantly',
    'Start Processing Orders Today',
  ]) {
    await expect(landing.feature(title)).toBeVisible();
  }
  await expect(page.getByText(/unlimited stations and cashiers/i)).toBeVisible();
  await expect(page.getByText(/no credit card needed/i)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms' })).toBeVisible();
  for (const name of ['Chrome', 'Firefox', 'Safari', 'Edge']) {
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible();
  }
  await expectAccessible(page, 'the landing page');
});

test('a signed-out visitor on a protected path sees the landing page', async ({ page }) => {
  await page.goto('/admin-panel');
  await expect(new LandingPage(page).signIn).toBeVisible();
});

test('Sign In leads through the login provider to the dashboard', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await landing.signIn.click();
  await page.waitForURL((url) => url.origin === stack.login);
  await expectAccessible(page, "the login provider's sign-in page");
  await new LoginProviderPage(page).signIn(accounts.manager.email, accounts.manager.password);
  await new ShellPage(page).expectDashboard();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(accounts.manager.name);
});

test('Get Started leads to the provider registration page', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await landing.getStarted.click();
  await page.waitForURL((url) => url.origin === stack.login && url.pathname === '/need-register');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expectAccessible(page, "the login provider's register page");
});
