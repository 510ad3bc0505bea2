import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { ShellPage } from '../pages/ShellPage';
import { StoreShopPage } from '../pages/StoreShopPage';
import { expectAccessible } from '../support/a11y';
import { provideAccount } from '../support/provider';
import { demoApplication } from '../support/stack';
import { stores } from '../support/store';

test.describe('Activity', () => {
  test('the demo manager pages through the feed 25 at a time, verifies it and downloads it', async ({
    page,
  }) => {
    // Shoppers place 26 web orders: each reaches the api by the store's webhook and adds an
    // orderProcessed entry, so the feed has more than one page whatever it held before.
    const orders = await StoreShopPage.placeOrders(stores.coffee.url, 26);

    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await shell.nav.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL((url) => url.pathname === '/activity');
    const activity = new ActivityPage(page);
    await expect(activity.root.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    // The webhooks are delivered within seconds (in any order): the first two pages hold
    // every new order once they all have been.
    const placed = orders.map(
      (order) => `Order #${order} was processed in ${demoApplication.name}`,
    );
    await expect(async () => {
      await activity.open();
      const firstPage = await activity.entryNames();
      await activity.open('?page=2');
      const shown = [...firstPage, ...(await activity.entryNames())];
      expect(placed.filter((name) => !shown.includes(name))).toEqual([]);
    }).toPass({ timeout: 30_000 });

    await activity.open();
    await expect(activity.entries).toHaveCount(25);
    const first = activity.entries.first();
    await expect(first).toHaveAttribute('data-feed-type', 'orderProcessed');
    await expect(first).toContainText('Order processed');
    await expect(first.getByRole('link', { name: demoApplication.name })).toBeVisible();
    const names = await activity.entryNames();
    expect(names.filter((name) => placed.includes(name)).length).toBeGreaterThan(0);
    // Newest first.
    const times = await activity.entries
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(activity.pagination.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expectAccessible(page, 'the activity feed');

    await activity.pageButton(2).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect(activity.pageButton(2)).toHaveAttribute('aria-current', 'page');
    // The address changes first; the entries follow once page 2 has loaded.
    await expect(activity.entries.first()).not.toContainText(names[0]!);
    const secondPage = await activity.entryNames();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.length).toBeLessThanOrEqual(25);
    expect(secondPage).not.toContain(names[0]);
    // The oldest entries are the demo's own: the seeded welcome is on the last page.
    const lastPage = activity.pagination.getByRole('button', { name: /^Page \d+$/ }).last();
    await lastPage.click();
    await expect(activity.entries.last()).toContainText('Welcome to your POS dashboard');
    await activity.pageButton(1).click();
    await expect(activity.entries.first()).toContainText(names[0]!);

    // The chain is intact, and the feed of the last 30 days downloads as CSV.
    await page.getByRole('button', { name: 'Verify feed' }).click();
    await expect(page.getByText(/^Feed verified: [\d,]+ entries$/)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^activity-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('orderProcessed');
    expect(csv).toContain(placed.at(-1));
  });

  test("a manager with nothing tracked yet reads 'There are no events tracked yet'", async ({
    page,
  }) => {
    const email = `activity-${Date.now()}@demo.test`;
    await provideAccount(email, { name: 'Quiet Quinn', password: 'a-strong-password' });
    const shell = new ShellPage(page);
    await shell.signInAsNewUser(email, 'a-strong-password');
    const activity = new ActivityPage(page);
    await activity.open();
    await expect(page.getByText('There are no events tracked yet')).toBeVisible();
    await expect(activity.pagination).toHaveCount(0);
    await expectAccessible(page, 'an empty activity feed');
  });
});
