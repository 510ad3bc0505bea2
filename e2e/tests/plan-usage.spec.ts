import { expect, test } from '@playwright/test';
import { AccessDeniedPage } from '../pages/AccessDeniedPage';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { BillingPage } from '../pages/BillingPage';
import { PlanUsagePage } from '../pages/PlanUsagePage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StoreShopPage } from '../pages/StoreShopPage';
import { expectAccessible } from '../support/a11y';
import { apiAs } from '../support/billing';
import { testCards } from '../support/payments';
import { provideAccount } from '../support/provider';
import { cloudPosAddress } from '../support/stack';
import { issueStoreKeys, resetStore, stores } from '../support/store';

/** Trial's limit: 50 orders in all (spec 4, 9). */
const TRIAL_LIMIT = 50;

test.describe('plan usage', () => {
  test.beforeEach(async () => {
    await resetStore(stores.books.url);
  });
  test.afterEach(async () => {
    await resetStore(stores.books.url);
  });

  test("a trial that reaches its limit shows 'Trial Ended', its station is refused until a paid plan is chosen", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = 'Tara Trial';
    const email = `trial-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
    await provideAccount(email, { name, password: 'a-strong-password' });
    const shell = new ShellPage(page);
    await shell.signInAsNewUser(email, 'a-strong-password');

    // Demo Book Nook connected with keys; its Checkout station opens.
    const apps = new ApplicationsPage(page);
    const id = await apps.create('Book counter', stores.books.url);
    const keys = await issueStoreKeys(stores.books.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');
    const { data } = await apiAs<{ data: { slug: string } }>(page, 'GET', `/applications/${id}`);
    const station = cloudPosAddress(data.slug, '1');
    await page.goto(station);
    await new PosStationPage(page).expectOpen(stores.books.url, 'Checkout', name);

    // The store sells: 49 web orders, then the 50th through the shop's page.
    const usage = new PlanUsagePage(page);
    await page.goto('/');
    await StoreShopPage.placeOrders(stores.books.url, TRIAL_LIMIT - 1);
    await usage.expectOrdersCounted(TRIAL_LIMIT - 1);
    await page.reload();
    await shell.expectDashboard();
    await expect(usage.banner).toHaveCount(0);
    const shop = new StoreShopPage(page, stores.books.url);
    await shop.open();
    await expectAccessible(page, "the store's shop");
    await shop.placeOrder('Last Buyer', 'last-buyer@example.test');

    await page.goto('/');
    await shell.expectDashboard();
    await usage.expectOrdersCounted(TRIAL_LIMIT);
    await page.reload();
    await shell.expectDashboard();
    await usage.expectBanner(
      'Trial Ended',
      'Your free trial has reached its limit: 50 of 50 orders.',
    );
    await expect(usage.banner).toContainText('The stations of your applications are paused.');
    await expectAccessible(page, "the dashboard with 'Trial Ended'");

    // The station's address is refused with the reason.
    await page.goto(station);
    const denied = new AccessDeniedPage(page);
    await denied.expectShown('Trial Ended', /free trial has reached its limit of 50 orders/);
    await expectAccessible(page, 'the access-denied page of a trial that ended');

    // The banner leads to the plans page; Basics with the test card lifts the pause at once.
    await page.goto('/');
    await usage.choosePlanLink.click();
    const billing = new BillingPage(page);
    await billing.expectLoaded();
    await expect(usage.banner).toContainText('Choose a bigger plan below');
    await expect(usage.choosePlanLink).toHaveCount(0);
    await expectAccessible(page, "the plans page with 'Trial Ended'");
    await billing.openPaymentMethods();
    await billing.addCard({ number: testCards.visa, name });
    await expect(billing.savedCard('4242')).toBeVisible();
    await billing.backToSubscribe();
    await billing.choosePlan('Basics');
    await expect(billing.subscribeButton).toHaveText('Subscribe to Plan');
    await billing.subscribeButton.click();
    await shell.expectDashboard();
    await expect(billing.tilePlanName).toHaveText('Basics');
    await expect(usage.banner).toHaveCount(0);
    expect(await usage.usage()).toEqual({
      orders: TRIAL_LIMIT,
      limit: 1000,
      period: 'month',
      reached: false,
      // The trial's orders came before Basics: none of them is excess.
      included: 100,
      excess: 0,
      excessAmount: 0,
    });

    await page.goto(station);
    await new PosStationPage(page).expectOpen(stores.books.url, 'Checkout', name);
  });
});
