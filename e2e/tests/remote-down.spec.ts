import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { controlService } from '../support/stack';

test.describe('a remote whose server is down', () => {
  test.afterEach(async () => {
    await controlService('mf-admin', 'start');
  });

  test('costs only its own slot, and retry works once the server is back', async ({ page }) => {
    await controlService('mf-admin', 'stop');
    const shell = new ShellPage(page);
    await shell.signInAs('admin');

    // The shell still navigates.
    await shell.navItem('Resources').click();
    await expect(page).toHaveURL(/\/resources$/);
    await shell.navItem('Dashboard').click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/admin-panel');
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(page.getByText(/unavailable right now/)).toBeVisible({ timeout: 40_000 });
    await expect(retry).toBeVisible();
    await expectAccessible(page, 'the admin slot while its remote is down');

    await controlService('mf-admin', 'start');
    await retry.click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible({ timeout: 30_000 });
  });
});
