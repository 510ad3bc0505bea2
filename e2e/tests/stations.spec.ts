import { expect, test } from '@playwright/test';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StationsPage } from '../pages/StationsPage';
import { WooStorePage } from '../pages/WooStorePage';
import { expectAccessible } from '../support/a11y';
import { accounts, cloudPosAddress, demoApplication, stack } from '../support/stack';
import { managerWithStore } from '../support/managers';
import { resetStore, stores } from '../support/store';

const { frontCounter, espressoBar, pickup } = stores.coffee.stations;
const DEFAULT_TAKEN =
  'Default station has already been assigned for the application. Disable current default and assign a new station as the default.';
const SLUG_TAKEN = 'POS URL already exist. A unique POS URL per station is required.';

test.describe('Stations', () => {
  test.afterEach(async () => {
    await resetStore(stores.coffee.url);
  });

  test("a manager lists an application's stations and switches the default station", async ({
    page,
  }) => {
    const id = await managerWithStore(page, 'Stella Stations');
    const apps = new ApplicationsPage(page);
    await apps.viewStations.click();
    await page.waitForURL((url) => url.pathname === `/applications/${id}/stations`);

    const stations = new StationsPage(page);
    const root = page.getByTestId('application-stations-page');
    await expect(root.getByTestId('station-row')).toHaveCount(3);
    for (const column of [
      'Name',
      'Application URL',
      'Default',
      'POS URL',
      'Quick Launch',
      'View POS',
    ]) {
      await expect(root.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(stations.row(frontCounter)).toContainText(stores.coffee.url);
    // The store's owner account may not open Pickup Window.
    await expect(stations.quickLaunchToggle(pickup)).toHaveCount(0);
    await expect(stations.viewPos(pickup)).toBeDisabled();
    await expect(stations.viewPos(frontCounter)).toHaveAttribute(
      'href',
      /^http:\/\/127\.0\.0\.1:\d+\/.+\/1$/,
    );
    await expectAccessible(page, "an application's stations");

    await stations.defaultToggle(frontCounter).click();
    await expect(stations.defaultToggle(frontCounter)).toBeChecked();
    await expect(stations.slugInput(frontCounter)).toHaveValue('pos');
    await expect(stations.slugInput(frontCounter)).toBeDisabled();

    // A second default is refused with the spec's message, and nothing changes.
    await stations.defaultToggle(espressoBar).click();
    await expect(page.getByText(DEFAULT_TAKEN)).toBeVisible();
    await expect(stations.defaultToggle(espressoBar)).not.toBeChecked();
    await expect(stations.slugInput(espressoBar)).toHaveValue('2');

    // Off again: the station's own id becomes its POS URL.
    await stations.defaultToggle(frontCounter).click();
    await expect(stations.defaultToggle(frontCounter)).not.toBeChecked();
    await expect(stations.slugInput(frontCounter)).toHaveValue('1');
    await expect(stations.slugInput(frontCounter)).toBeEnabled();

    await stations.defaultToggle(espressoBar).click();
    await expect(stations.slugInput(espressoBar)).toHaveValue('pos');
    await page.reload();
    await expect(stations.defaultToggle(espressoBar)).toBeChecked();
    await expect(stations.defaultToggle(frontCounter)).not.toBeChecked();
  });

  test('a POS URL another station has is refused with the message, and the input resets', async ({
    page,
  }) => {
    const id = await managerWithStore(page, 'Stella Stations');
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);

    await stations.changeSlug(espressoBar, 'bar');
    await expect(stations.viewPos(espressoBar)).toHaveAttribute('href', /\/bar$/);
    await stations.changeSlug(frontCounter, 'bar');
    await expect(page.getByText(SLUG_TAKEN)).toBeVisible();
    await expect(stations.slugInput(frontCounter)).toHaveValue('1');

    await page.reload();
    await expect(stations.slugInput(espressoBar)).toHaveValue('bar');
    await expect(stations.slugInput(frontCounter)).toHaveValue('1');
  });

  test('quick launch pins a station to /stations and the dashboard, and launching opens it on the store', async ({
    page,
  }) => {
    const id = await managerWithStore(page, 'Quinn Quicklaunch');
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.changeSlug(frontCounter, 'front');
    await expect(stations.viewPos(frontCounter)).toHaveAttribute('href', /\/front$/);
    await stations.quickLaunchToggle(frontCounter).click();
    await expect(stations.quickLaunchToggle(frontCounter)).toBeChecked();

    const overview = await stations.openOverview();
    await expect(stations.quickLaunchCard(frontCounter)).toBeVisible();
    await expect(stations.quickLaunchCard(espressoBar)).toHaveCount(0);
    const mine = stations.section('My Stations');
    await expect(mine.getByRole('row', { name: /Quinn Quicklaunch coffee/ })).toBeVisible();
    await expect(mine.getByTestId(`my-stations-count-${id}`)).toHaveText('3');
    await expectAccessible(page, 'the stations page of a manager');

    const tab = await stations.openInNewTab(
      stations.quickLaunchCard(frontCounter).getByRole('link', { name: /Sign in/ }),
    );
    await new PosStationPage(tab).expectOpen(stores.coffee.url, frontCounter, 'Quinn Quicklaunch');
    await expectAccessible(tab, "the store's station POS page");
    await tab.close();
    await expect(overview).toBeVisible();

    await page.goto('/');
    await expect(stations.tile).toBeVisible();
    await expect(stations.tile.getByTestId('pos-tile-count')).toHaveText('3');
    await expect(stations.tile.getByRole('link', { name: new RegExp(frontCounter) })).toBeVisible();
    await expectAccessible(page, 'the dashboard with the POS tile');
  });

  test("the demo cashier sees 'Shared with me' and launches a shared station", async ({ page }) => {
    await new ShellPage(page).signInAs('cashier');
    const stations = new StationsPage(page);
    const overview = await stations.openOverview();
    await expect(overview.getByRole('heading', { name: 'My Stations' })).toHaveCount(0);
    const shared = stations.section('Shared with me');
    const row = shared.getByRole('row', { name: new RegExp(demoApplication.name) }).filter({
      hasText: accounts.manager.name,
    });
    await expect(row).toBeVisible();
    await expectAccessible(page, 'the stations page of a cashier');

    await row.getByRole('link').first().click();
    await page.waitForURL(/\/applications\/[^/]+\/shared-stations$/);
    await expect(stations.row(frontCounter)).toBeVisible();
    // The cashier may not open Espresso Bar: no quick launch for it.
    await expect(stations.quickLaunchToggle(espressoBar)).toHaveCount(0);
    await expect(stations.quickLaunchToggle(frontCounter)).toBeVisible();
    await expectAccessible(page, 'the shared stations of an application');

    const tab = await stations.openInNewTab(
      stations.row(frontCounter).getByRole('link', { name: /\/pos$/ }),
    );
    await new PosStationPage(tab).expectOpen(
      stores.coffee.url,
      frontCounter,
      accounts.cashier.name,
    );
  });

  test('a station the viewer may not open leads to the access-denied page, until the store shares it', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('cashier');
    await page.goto(cloudPosAddress(demoApplication.slug, demoApplication.espressoBarSlug));
    const denied = new AccessDeniedPage(page);
    await denied.expectShown(
      'Access denied',
      new RegExp(`${espressoBar}.*${demoApplication.name}`),
    );
    await expect(denied.wordPressLink).toHaveAttribute(
      'href',
      `${stores.coffee.url}/wp-admin/users.php?pos_station=2`,
    );
    await expect(denied.stationsLink).toHaveAttribute('href', /^\/applications\/[^/]+\/stations$/);
    await expectAccessible(page, 'the access-denied page');

    // The store's administrator follows the WordPress link and shares the station with the cashier.
    const wordPress = await new StationsPage(page).openInNewTab(denied.wordPressLink);
    const store = new WooStorePage(wordPress, stores.coffee.url);
    await store.logIn();
    await store.grantStationAccess(`${accounts.cashier.name} (${accounts.cashier.email})`);
    await expectAccessible(wordPress, "the store's station access screen");
    await wordPress.close();
    await page.goto(cloudPosAddress(demoApplication.slug, demoApplication.espressoBarSlug));
    await new PosStationPage(page).expectOpen(
      stores.coffee.url,
      espressoBar,
      accounts.cashier.name,
    );

    // An address that leads nowhere names no store at all.
    await page.goto(cloudPosAddress(demoApplication.slug, 'no-such-station'));
    await denied.expectShown('Station not found', /not shared with you/);
    await expect(denied.wordPressLink).toHaveCount(0);
  });

  test('signed out, a cloud POS address goes through sign-in and back to the station', async ({
    page,
  }) => {
    await page.goto(cloudPosAddress(demoApplication.slug, 'pos'));
    await page.waitForURL((url) => url.origin === stack.login);
    await new LoginProviderPage(page).signIn(accounts.manager.email, accounts.manager.password);
    await page.waitForURL(`${stack.shell}/success-login`);
    await new PosStationPage(page).expectOpen(
      stores.coffee.url,
      demoApplication.defaultStation,
      accounts.manager.name,
    );
  });
});
