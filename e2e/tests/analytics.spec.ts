import { expect, test } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { AnalyticsPage, CHART_KEYS } from '../pages/AnalyticsPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { pdfText } from '../support/pdf';
import { accounts, demoApplication } from '../support/stack';
import { stores } from '../support/store';

const CHART_TITLES = [
  'Orders per day',
  'Orders per month',
  'Orders by application',
  'Orders by time of day',
  'Orders by day of week',
  'Orders by station',
  'Orders by user',
];

/** The figure a summary item starts with ('127 60%' → 127). */
const count = (text: string | null) =>
  Number(/^[\d,]+/.exec(text ?? '')?.[0].replace(/,/g, '') ?? NaN);

test.describe('Order Analytics', () => {
  test("the demo manager reads the period's charts and their tables, and pages with Prev/Next", async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await shell.nav.getByRole('link', { name: 'Order Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/analytics');

    const analytics = new AnalyticsPage(page);
    await expect(
      analytics.root.getByRole('heading', { level: 1, name: 'Order Analytics' }),
    ).toBeVisible();
    // The demo store's history reached the api: the last 30 days have POS and web orders.
    await expect(analytics.totalOrders).toHaveText(/^\d[\d,]*$/);
    const total = count(await analytics.totalOrders.textContent());
    const pos = count(await analytics.posOrders.textContent());
    const web = count(await analytics.webOrders.textContent());
    expect(total).toBeGreaterThan(0);
    expect(pos).toBeGreaterThan(0);
    expect(web).toBeGreaterThan(0);
    // Orders neither rung up on a station nor placed on the web shop (e.g. the store's admin)
    // count in the total only.
    expect(pos + web).toBeLessThanOrEqual(total);

    // Every usage analytics is drawn (nivo's SVG) and named by its summary for screen readers.
    for (const [index, key] of CHART_KEYS.entries()) {
      const title = CHART_TITLES[index]!;
      await expect(analytics.chart(key).getByRole('heading', { name: title })).toBeVisible();
      await expect(analytics.drawing(key)).toHaveAttribute('aria-label', new RegExp(`^${title}: `));
      await expect(analytics.drawing(key).locator('svg').first()).toBeVisible();
    }
    await expect(analytics.drawing('per-day')).toHaveAttribute(
      'aria-label',
      new RegExp(`^Orders per day: ${total.toLocaleString('en-US')} orders, `),
    );

    // The tables are the charts' accessible alternative; the long ones page with Prev/Next.
    const days = await analytics.showTable('per-day');
    await expect(days.getByRole('rowheader')).toHaveCount(10);
    await expect(analytics.prev('per-day')).toBeDisabled();
    await expect(analytics.chart('per-day').getByText('Page 1 of 3')).toBeVisible();
    const firstPage = await analytics.rowNames('per-day');
    await analytics.next('per-day').click();
    await expect(analytics.chart('per-day').getByText('Page 2 of 3')).toBeVisible();
    await expect(analytics.prev('per-day')).toBeEnabled();
    const secondPage = await analytics.rowNames('per-day');
    expect(secondPage).toHaveLength(10);
    expect(secondPage[0]).not.toBe(firstPage[0]);
    await analytics.next('per-day').click();
    await expect(analytics.next('per-day')).toBeDisabled();
    await analytics.prev('per-day').click();
    await analytics.prev('per-day').click();
    await expect(analytics.prev('per-day')).toBeDisabled();
    expect(await analytics.rowNames('per-day')).toEqual(firstPage);

    await analytics.showTable('weekdays');
    expect(await analytics.rowNames('weekdays')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const applications = await analytics.showTable('applications');
    await expect(applications.getByRole('rowheader', { name: demoApplication.name })).toBeVisible();
    const stations = await analytics.showTable('stations');
    await expect(stations.getByRole('rowheader').first()).toBeVisible();
    // Stations are named as the store names them (the orders' cloud_pos_station_name).
    expect(await analytics.rowNames('stations')).toEqual(
      expect.arrayContaining(['Front Counter', 'Espresso Bar', 'Pickup Window']),
    );
    expect(await analytics.rowNames('stations')).not.toContainEqual(
      expect.stringMatching(/^Station #/),
    );
    await expectAccessible(page, 'Order Analytics with its tables open');

    // Another period: the address, the figures and the Print link follow.
    await analytics.period.selectOption({ label: 'Last 7 days' });
    await page.waitForURL((url) => url.searchParams.get('period') === '7d');
    // The table opened above stays open with the new figures.
    await expect(analytics.table('per-day').getByRole('rowheader')).toHaveCount(7);
    await expect(analytics.prev('per-day')).toHaveCount(0);
    await expect(analytics.printLink).toHaveAttribute('href', '/print-analytics?period=7d');

    // One application: the selector lists the manager's applications.
    await analytics.application.selectOption({ label: demoApplication.name });
    await page.waitForURL((url) => url.searchParams.has('appId'));
    // The figures are the chosen application's: the subtitle names it, and the applications
    // table (still open) has its one row.
    await expect(analytics.range).toContainText(`${demoApplication.name} · `);
    const applicationRows = analytics.table('applications').getByRole('rowheader');
    await expect(applicationRows).toHaveCount(1);
    await expect(applicationRows).toHaveText(demoApplication.name);
    await expect(analytics.totalOrders).toHaveText(/^\d[\d,]*$/);
  });

  test('/print-analytics lays the figures out for paper, and Chromium prints them to PDF', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const analytics = new AnalyticsPage(page);
    await analytics.open('?period=30d');
    await expect(analytics.totalOrders).toHaveText(/^\d[\d,]*$/);
    const total = (await analytics.totalOrders.textContent()) ?? '';
    await analytics.printLink.click();
    await page.waitForURL((url) => url.pathname === '/print-analytics');
    await expect(analytics.printRoot).toBeVisible();
    await expect(analytics.totalOrders).toHaveText(total);

    // Every table is shown whole (no paging on paper) beside its chart.
    for (const key of CHART_KEYS) {
      await expect(analytics.table(key)).toBeVisible();
      await expect(analytics.drawing(key).locator('svg').first()).toBeVisible();
    }
    await expect(analytics.table('per-day').getByRole('rowheader')).toHaveCount(30);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(analytics.printButton).toBeVisible();
    await expectAccessible(page, 'the print layout of Order Analytics');

    // Under print media: no side navigation, no buttons, the charts still drawn.
    await page.emulateMedia({ media: 'print' });
    await expect(shell.nav).toBeHidden();
    await expect(analytics.printButton).toBeHidden();
    await expect(page.getByRole('link', { name: /Back to Order Analytics/ })).toBeHidden();
    await expect(analytics.printRoot.locator('svg[role], [role="img"] svg').first()).toBeVisible();

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const { pages, text } = await pdfText(pdf);
    await test.info().attach('print-analytics.pdf', { body: pdf, contentType: 'application/pdf' });
    expect(pages).toBeGreaterThan(1);
    for (const words of [
      'Order Analytics',
      'Total orders',
      total,
      'POS orders',
      'Web orders',
      ...CHART_TITLES,
      demoApplication.name,
      'Sunday',
    ]) {
      expect(text, `the PDF says ${words}`).toContain(words);
    }
    // The dashboard's chrome is not on paper.
    expect(text).not.toContain('Resources');
    expect(text).not.toContain('Supported browsers');
  });

  test('a sale rung up on the default station shows on the dashboard live, without a reload', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const dashboard = new ActivityPage(page);
    await expect(dashboard.ordersToday).toHaveText(/^\d[\d,]*$/);
    await expect(dashboard.miniFeedEntries.first()).toBeVisible();
    const today = count(await dashboard.ordersToday.textContent());
    const month = count(await dashboard.ordersThisMonth.textContent());
    await expectAccessible(page, 'the dashboard with the Order Analytics tile and the mini feed');
    // A mark on this document: it survives only if the dashboard is never reloaded.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    // The POS tile's quick launch opens the default station on the store, in a new tab.
    const [register] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('region', { name: 'POS' })
        .getByRole('link', { name: new RegExp(demoApplication.defaultStation) })
        .click(),
    ]);
    const station = new PosStationPage(register);
    await station.expectOpen(
      stores.coffee.url,
      demoApplication.defaultStation,
      accounts.manager.name,
    );
    const order = await station.ringUpSale();

    // The store's webhook reaches the api, the live stream reaches the dashboard.
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 10_000 });
    await expect(dashboard.ordersThisMonth).toHaveText(`${month + 1} orders this month`);
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${order} was processed in ${demoApplication.name}`,
      { timeout: 10_000 },
    );
    await expect(dashboard.miniFeedEntries).toHaveCount(5);
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await register.close();
  });
});
