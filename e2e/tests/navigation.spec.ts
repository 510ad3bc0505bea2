import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { accounts } from '../support/stack';

test.describe('signing in and navigating by role', () => {
  test('the manager signs in and sees the manager navigation', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const labels = await shell.navLabels();
    expect(labels[0]).toBe('Dashboard');
    expect(labels.at(-1)).toBe('Resources');
    expect(labels).not.toContain('Admin Panel');
    // The drawer's close button is for phones: on a wide screen the sidebar has none.
    await expect(shell.closeNavigation).toBeHidden();
    const menu = await shell.openProfileMenu();
    await expect(menu.getByText(accounts.manager.name)).toBeVisible();
    await expect(menu.getByText(accounts.manager.email)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the manager dashboard');

    await shell.navItem('Resources').click();
    await expect(page).toHaveURL(/\/resources$/);
    for (const title of [
      'Quick Start Guide',
      'Support',
      'Documentation',
      'Payment Guide',
      'Integrations',
      'Hardware',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    }
    await expectAccessible(page, 'the resources page');
  });

  test('on a phone the navigation is a drawer that opens and closes', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(shell.navItem('Resources')).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(shell.navItem('Resources')).toBeVisible();
    await shell.closeNavigation.click();
    await expect(shell.navItem('Resources')).toBeHidden();
  });

  test('the cashier sees no manager or admin items and is sent home from them', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('cashier');
    const labels = await shell.navLabels();
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Resources']));
    for (const hidden of ['Order Analytics', 'Applications', 'Staff', 'Activity', 'Admin Panel']) {
      expect(labels).not.toContain(hidden);
    }
    await expectAccessible(page, 'the cashier dashboard');

    for (const path of [
      '/analytics',
      '/admin-panel',
      '/activity',
      '/staff/create',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      await expect(shell.nav).toBeVisible();
    }
  });

  test('the admin sees the Admin Panel item and opens it', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('admin');
    const labels = await shell.navLabels();
    expect(labels).toContain('Admin Panel');
    await shell.navItem('Admin Panel').click();
    await expect(page).toHaveURL(/\/admin-panel$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expectAccessible(page, 'the admin panel');
  });

  test('a manager who is not an admin is sent home from the Admin Panel', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await page.goto('/admin-panel');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(shell.navItem('Admin Panel')).toHaveCount(0);
  });
});
