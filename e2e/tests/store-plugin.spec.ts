import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { ShellPage } from '../pages/ShellPage';
import { StationsPage } from '../pages/StationsPage';
import { WooStorePage } from '../pages/WooStorePage';
import { expectAccessible } from '../support/a11y';
import { provideAccount } from '../support/provider';
import { resetStore, stores } from '../support/store';

const PLUGIN_DOWNLOAD = '/downloads/cloud-pos.zip';

/**
 * How many times this document fetched the store kit's stylesheet, and the document's start
 * (the same start before and after a click: the click did not load a new document).
 */
async function storeKitStylesheet(page: Page): Promise<{ loads: number; documentStart: number }> {
  return page.evaluate(() => ({
    loads: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/store-kit\.[0-9a-f]+\.css$/.test(new URL(entry.name).pathname)).length,
    documentStart: performance.timeOrigin,
  }));
}

/** A manager of their own, so that the journey starts with no applications. */
async function signInAsNewManager(page: Page): Promise<void> {
  const email = `garden-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await provideAccount(email, { name: 'Gina Gardener', password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
}

test.describe('A stock WooCommerce store without the Cloud POS plugin', () => {
  test.afterEach(async () => {
    await resetStore(stores.garden.url);
  });

  test('authorizes with account, says where the plugin is needed, and shows the stations once the plugin is activated', async ({
    page,
    context,
  }) => {
    test.slow();
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    const id = await apps.create('Garden shop', stores.garden.url);
    await apps.authorizeWithAccount(stores.garden.url);
    const store = new WooStorePage(page, stores.garden.url);
    await store.logIn();
    await store.expectApprovePage('Cloud POS');
    await store.approve();

    // WooCommerce core is enough to connect.
    await page.waitForURL((url) => url.pathname === `/applications/${id}`);
    await expect(apps.status).toHaveText('Authorized');
    await expect(apps.wpUserEmail).toHaveText('Not available without the Cloud POS plugin');
    await expect(apps.stationsPluginPrompt).toContainText('Stations need the Cloud POS plugin');
    await expect(
      apps.stationsPluginPrompt.getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', PLUGIN_DOWNLOAD);
    await expect(apps.sharedWithPluginPrompt).toContainText(
      'Sharing with store users needs the Cloud POS plugin',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'an application whose store lacks the Cloud POS plugin');
    // The prompts wear the store kit's own stylesheet, which only a page using the store kit loads.
    await expect(apps.stationsPluginPrompt).toHaveCSS('display', 'flex');
    const applicationPage = await storeKitStylesheet(page);
    expect(applicationPage.loads).toBe(1);

    // Its stations page says so in plain words, with the download: no error, no spinner.
    await apps.viewStations.click();
    await page.waitForURL((url) => url.pathname === `/applications/${id}/stations`);
    const stations = new StationsPage(page);
    await expect(stations.pluginPrompt).toContainText('Stations need the Cloud POS plugin');
    await expect(stations.pluginPrompt).toContainText(
      'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
    );
    const download = stations.pluginPrompt.getByRole('link', {
      name: 'Download the Cloud POS plugin',
    });
    await expect(download).toHaveAttribute('href', PLUGIN_DOWNLOAD);
    await expect(page.getByText('Loading stations')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('station-row')).toHaveCount(0);
    await expectAccessible(page, 'the stations page of a store without the plugin');
    // mf-stations' prompt wears the same stylesheet, in the same page: not a second copy.
    await expect(stations.pluginPrompt).toHaveCSS('display', 'flex');
    expect(await storeKitStylesheet(page)).toEqual(applicationPage);
    // The link downloads the plugin's zip from the dashboard.
    const zip = await page.request.get(PLUGIN_DOWNLOAD);
    expect(zip.ok()).toBe(true);
    expect(zip.headers()['content-type']).toContain('zip');

    // /stations and the POS tile leave the store out, and say how many were left out.
    await stations.openOverview();
    await expect(stations.leftOut('My Stations')).toContainText(
      '1 store left out: it needs the Cloud POS plugin',
    );
    await expect(
      stations.leftOut('My Stations').getByRole('link', { name: 'Download the Cloud POS plugin' }),
    ).toHaveAttribute('href', PLUGIN_DOWNLOAD);
    await expectAccessible(page, '/stations with a store left out');
    await page.goto('/');
    await expect(stations.leftOut('tile')).toContainText(
      '1 store left out: it needs the Cloud POS plugin',
    );

    // The store's administrator activates Cloud POS on the store's Plugins screen.
    const storeTab = await context.newPage();
    await new WooStorePage(storeTab, stores.garden.url).activatePlugin('Cloud POS');
    await storeTab.close();

    // The stations appear, and nothing says the plugin is missing any more.
    const root = await stations.openApplicationStations(id);
    await expect(root.getByTestId('station-row')).toHaveCount(2);
    await expect(stations.row(stores.garden.stations.greenhouse)).toBeVisible();
    await expect(stations.row(stores.garden.stations.market)).toBeVisible();
    await expect(stations.pluginPrompt).toHaveCount(0);
    await expectAccessible(page, 'the stations of a store once its plugin is active');

    await page.goto(`/applications/${id}`);
    await expect(apps.viewStations).toContainText('2');
    await expect(apps.stationsPluginPrompt).toHaveCount(0);
    await stations.openOverview();
    await expect(stations.leftOut('My Stations')).toHaveCount(0);
  });
});
