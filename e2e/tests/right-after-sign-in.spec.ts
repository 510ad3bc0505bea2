import { expect, test } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { LandingPage } from '../pages/LandingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StaffPage } from '../pages/StaffPage';
import { StationsPage } from '../pages/StationsPage';
import { WooStorePage } from '../pages/WooStorePage';
import { holdSessionCookieCall } from '../support/network';
import { provideAccount } from '../support/provider';
import { accounts, cloudPosAddress, demoApplication } from '../support/stack';
import { issueStoreKeys, resetStore, stores } from '../support/store';

// Issue 33: what a person meets the moment the dashboard appears after signing in. Whatever
// it shows as clickable must already work, and whatever figure it shows must be the real one.

/** How many sign-ins in a row each station journey makes: the race lost about half of them. */
const SIGN_INS = 10;

const noop = () => undefined;

test.describe('the Staff tile on a first visit', () => {
  test.afterEach(async () => {
    await resetStore(stores.garden.url);
  });

  test('the demo manager sees the figure /staff lists, never a count read before it', async ({
    page,
  }) => {
    // On the stack's fresh data (scripts/serve-for-tests.mjs) this is the demo store's first
    // dashboard when no journey before it opened the demo manager's stations (this spec's own
    // come after it); the next test does not depend on the order.
    await new ShellPage(page).signInAs('manager');
    const staff = new StaffPage(page);
    await expect(staff.tileCount).toBeVisible();
    const shown = await staff.tileCount.innerText();
    await staff.open();
    expect(shown).toBe(String(await staff.rowCount()));
  });

  test('a store whose users were never copied shows the same figure on the tile as on /staff', async ({
    page,
    context,
  }) => {
    // A manager of their own connects Demo Garden Supply while its Cloud POS plugin is off:
    // nothing of its users can be copied then. Its administrator switches the plugin and its
    // Staff add-on on afterwards, so the dashboard is the first to ask about them.
    const email = `first-visit-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
    await provideAccount(email, { name: 'Gwen Garden', password: 'a-strong-password' });
    await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
    const apps = new ApplicationsPage(page);
    await apps.create('Gwen garden', stores.garden.url);
    const keys = await issueStoreKeys(stores.garden.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');
    const storeTab = await context.newPage();
    const store = new WooStorePage(storeTab, stores.garden.url);
    await store.activatePlugin('Cloud POS');
    await store.activatePlugin('Cloud POS Staff');
    await storeTab.close();

    await page.goto('/');
    const staff = new StaffPage(page);
    await expect(staff.tileCount).toBeVisible();
    const shown = await staff.tileCount.innerText();
    await staff.open();
    const listed = await staff.rowCount();
    expect(listed).toBeGreaterThan(0);
    expect(shown).toBe(String(listed));
  });
});

test.describe('right after signing in', () => {
  // The api may answer the session-cookie call late (on a busy machine it came after the
  // dashboard, in 7 of 12 sign-ins): each sign-in below has it answered only once the page
  // waits for it on its sign-in status, so that whatever comes next comes after it, or is
  // shown before the session exists.
  test('the POS tile opens its station at the first click, ten sign-ins in a row', async ({
    page,
  }) => {
    test.setTimeout(SIGN_INS * 25_000);
    const shell = new ShellPage(page);
    const stations = new StationsPage(page);
    const provider = new LoginProviderPage(page);
    const frontCounter = stations.tileQuickLaunch(demoApplication.defaultStation);
    for (let attempt = 1; attempt <= SIGN_INS; attempt += 1) {
      await test.step(`sign-in ${attempt}`, async () => {
        const cookieCall = await holdSessionCookieCall(page);
        try {
          await provider.open();
          await provider.signIn(accounts.manager.email, accounts.manager.password);
          void shell.signInStatus.waitFor({ state: 'attached' }).then(cookieCall.release, noop);
          // No waiting for anything else: the click comes as soon as the link is there.
          const tab = await stations.openInNewTab(frontCounter);
          await new PosStationPage(tab).expectOpen(
            stores.coffee.url,
            demoApplication.defaultStation,
            accounts.manager.name,
          );
          await tab.close();
        } finally {
          await cookieCall.release();
        }
        await shell.logOut();
        await expect(new LandingPage(page).signIn).toBeVisible();
      });
    }
  });

  test('a cloud POS address opened the moment the dashboard appears opens the station, ten sign-ins in a row', async ({
    page,
  }) => {
    test.setTimeout(SIGN_INS * 25_000);
    const shell = new ShellPage(page);
    const provider = new LoginProviderPage(page);
    for (let attempt = 1; attempt <= SIGN_INS; attempt += 1) {
      await test.step(`sign-in ${attempt}`, async () => {
        const cookieCall = await holdSessionCookieCall(page);
        try {
          await provider.open();
          await provider.signIn(accounts.cashier.email, accounts.cashier.password);
          void shell.signInStatus.waitFor({ state: 'attached' }).then(cookieCall.release, noop);
          await shell.expectDashboard();
          // The cashier types the station's address into the same tab at once.
          await page.goto(cloudPosAddress(demoApplication.slug, 'pos'));
          await new PosStationPage(page).expectOpen(
            stores.coffee.url,
            demoApplication.defaultStation,
            accounts.cashier.name,
          );
        } finally {
          await cookieCall.release();
        }
        await page.goto('/');
        await shell.expectDashboard();
        await shell.logOut();
        await expect(new LandingPage(page).signIn).toBeVisible();
      });
    }
  });
});
