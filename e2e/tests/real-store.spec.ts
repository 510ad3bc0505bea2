import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { PosStationPage } from '../pages/PosStationPage';
import { RegisterDayPage } from '../pages/RegisterDayPage';
import { ShellPage } from '../pages/ShellPage';
import { StaffPage } from '../pages/StaffPage';
import { StationsPage } from '../pages/StationsPage';
import { WooStorePage } from '../pages/WooStorePage';
import { provideAccount } from '../support/provider';
import {
  journeyKey,
  realStore,
  signedStoreGet,
  signedStoreRequest,
  storeMailTo,
  type StoreKey,
} from '../support/realStore';

// Journeys against a real store, WordPress with WooCommerce and the Cloud POS plugin installed
// from its download zip: the `real-store` step (scripts/lib/real-store.mjs) sets it up and runs
// this file with REAL_STORE_SITE; the e2e step leaves it out (playwright.config.ts).

const FRONT_COUNTER = 'Front Counter';

/** A manager of their own with an application of the real store, not yet connected. */
async function managerWithRealStore(page: Page, name: string): Promise<string> {
  if (!realStore) throw new Error('REAL_STORE_SITE is not set');
  const email = `real-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await provideAccount(email, { name, password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
  return new ApplicationsPage(page).create(`${name} store`, realStore.home);
}

/** Connects the open application with a REST key made in wp-admin. */
async function connect(apps: ApplicationsPage, key: StoreKey): Promise<void> {
  await apps.connectWithKeys(key.consumer_key, key.consumer_secret);
  await expect(apps.status).toHaveText('Authorized');
}

/** What the store keeps of its stations' addresses, asked with a working key. */
async function storeStations(key: StoreKey) {
  const answer = await signedStoreGet(key, 'pos-connect/v1/stations');
  expect(answer.status).toBe(200);
  return answer.body as Array<{ name: string; cloud_slug?: string | null; is_default?: boolean }>;
}

test.describe('a real WooCommerce store', () => {
  test('authorize through WooCommerce’s own wc-auth pages: the store calls the POS host back', async ({
    page,
  }) => {
    const id = await managerWithRealStore(page, 'Walt Wcauth');
    const apps = new ApplicationsPage(page);
    await apps.authorizeWithAccount(realStore!.home);
    const store = new WooStorePage(page, realStore!.home);
    await store.logIn(realStore!.logins.administrator);
    await store.expectApprovePage('Cloud POS');
    await store.approve();
    await page.waitForURL((url) => url.pathname === `/applications/${id}`);
    await expect(apps.status).toHaveText('Authorized');
    await expect(apps.wpUserEmail).toBeVisible();
  });

  test('connect with keys: the plugin’s stations, the default station and its cloud POS address', async ({
    page,
  }) => {
    const id = await managerWithRealStore(page, 'Rita Real');
    const apps = new ApplicationsPage(page);
    const key = journeyKey();
    await connect(apps, key);

    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await expect(stations.row(FRONT_COUNTER)).toContainText(realStore!.home);
    await stations.defaultToggle(FRONT_COUNTER).click();
    await expect(stations.defaultToggle(FRONT_COUNTER)).toBeChecked();
    await expect(stations.slugInput(FRONT_COUNTER)).toHaveValue('pos');
    await expect(stations.viewPos(FRONT_COUNTER)).toHaveAttribute(
      'href',
      /^http:\/\/127\.0\.0\.1:\d+\/.+\/pos$/,
    );
    // The store keeps the address too.
    const kept = (await storeStations(key)).find((s) => s.name === FRONT_COUNTER);
    expect(kept).toMatchObject({ is_default: true });
  });

  test('a staff user created in WordPress through the Staff add-on, and mailed the invitation', async ({
    page,
  }) => {
    await managerWithRealStore(page, 'Stan Staff');
    await connect(new ApplicationsPage(page), journeyKey());
    const staff = new StaffPage(page);
    await staff.open();
    await staff.expectLoaded();
    const email = `sally.${Date.now().toString(36)}@staff.real.test`;
    await staff.openCreate();
    await staff.create({
      name: 'Sally Seller',
      email,
      role: 'Cashier',
      application: 'Stan Staff store',
    });
    await expect(page.getByText('Staff member was created successfully.')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/staff');
    await staff.expectLoaded();
    await expect(await staff.cell(email, 'role')).toHaveText('Cashier');
    await expect(await staff.cell(email, 'inviteStatus')).toHaveText('Pending');
    // The store itself mailed the invitation (wp_mail).
    await expect(async () => expect(storeMailTo(email).length).toBeGreaterThan(0)).toPass({
      timeout: 10_000,
    });
  });

  test('Delete revokes the key through the plugin: a signed request with it is refused', async ({
    page,
  }) => {
    await managerWithRealStore(page, 'Dora Delete');
    const apps = new ApplicationsPage(page);
    const key = journeyKey();
    await connect(apps, key);
    expect((await signedStoreGet(key, 'pos-connect/v1/connection')).status).toBe(200);

    await apps.confirmDelete(
      apps.deleteOnDetail(),
      'Are you sure you want to permanently delete this Application? Its Read/Write key will be revoked on',
    );
    await page.waitForURL((url) => url.pathname === '/applications');
    await expect(page.getByText('The Read/Write key was revoked on')).toBeVisible();
    expect((await signedStoreGet(key, 'pos-connect/v1/connection')).status).toBe(401);
  });

  test('Disconnect revokes the key, and a reconnect keeps the default station’s address', async ({
    page,
  }) => {
    const id = await managerWithRealStore(page, 'Remy Reconnect');
    const apps = new ApplicationsPage(page);
    const first = journeyKey();
    await connect(apps, first);
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.defaultToggle(FRONT_COUNTER).click();
    await expect(stations.slugInput(FRONT_COUNTER)).toHaveValue('pos');
    const address = await stations.viewPos(FRONT_COUNTER).getAttribute('href');

    await page.goto(`/applications/${id}`);
    await apps.disconnect();
    await expect(apps.keyOutcome).toContainText('The Read/Write key was revoked on');
    expect((await signedStoreGet(first, 'pos-connect/v1/connection')).status).toBe(401);

    const second = journeyKey();
    await connect(apps, second);
    await stations.openApplicationStations(id);
    await expect(stations.defaultToggle(FRONT_COUNTER)).toBeChecked();
    await expect(stations.slugInput(FRONT_COUNTER)).toHaveValue('pos');
    await expect(stations.viewPos(FRONT_COUNTER)).toHaveAttribute('href', address ?? '');
    const kept = (await storeStations(second)).find((s) => s.name === FRONT_COUNTER);
    expect(kept).toMatchObject({ is_default: true });
  });

  test('a split-tender sale and a refund at the register go through WooCommerce: the tenders and the refund on the order, the stock back', async ({
    page,
  }) => {
    const id = await managerWithRealStore(page, 'Ruth Refund');
    const key = journeyKey();
    await connect(new ApplicationsPage(page), key);
    // A product of the store's own, its stock managed by WooCommerce.
    const name = `Enamel Mug ${Date.now().toString(36)}`;
    const made = await signedStoreRequest(key, 'POST', 'wc/v3/products', {
      name,
      type: 'simple',
      status: 'publish',
      regular_price: '12.00',
      manage_stock: true,
      stock_quantity: 20,
    });
    expect(made.status).toBe(201);
    const productId = (made.body as { id: number }).id;
    const stock = async () =>
      (
        (await signedStoreGet(key, `wc/v3/products/${productId}`)).body as {
          stock_quantity: number;
        }
      ).stock_quantity;

    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.defaultToggle(FRONT_COUNTER).click();
    await expect(stations.slugInput(FRONT_COUNTER)).toHaveValue('pos');
    const tab = await stations.openInNewTab(stations.viewPos(FRONT_COUNTER));
    const register = new PosStationPage(tab);
    const day = new RegisterDayPage(tab);
    await register.expectOpen(realStore!.home, FRONT_COUNTER, 'Ruth Refund');
    await register.search.fill(name);
    await register.add(name);
    await register.add(name);
    // Split tender: 10.00 in cash, the rest on the card terminal.
    await register.total();
    await day.paySplit('10', 'RS-77');
    const orderId = await register.receiptOrder();
    expect(await stock()).toBe(18);
    const sold = (await signedStoreGet(key, `wc/v3/orders/${orderId}`)).body as {
      total: string;
      payment_method: string;
      payment_method_title: string;
    };
    const card = (Number(sold.total) - 10).toFixed(2);
    expect(sold).toMatchObject({
      payment_method: 'pos_split',
      payment_method_title: `Split: Cash 10.00 + Card ${card}`,
    });

    await day.openTodaysSales();
    await day.openReceipt(orderId);
    await day.refund(name, 1, 'Chipped');
    await expect(
      tab.getByText(`Order #${orderId} refunded; the items are back in stock.`),
    ).toBeVisible();
    const order = (await signedStoreGet(key, `wc/v3/orders/${orderId}`)).body as {
      status: string;
      total: string;
      refunds: Array<{ reason: string; total: string }>;
    };
    expect(order.refunds).toEqual([expect.objectContaining({ reason: 'Chipped' })]);
    expect(Number(order.refunds[0]!.total)).toBe(-Number(order.total) / 2);
    expect(order.status).toBe('completed');
    expect(await stock()).toBe(19);

    // The other mug: nothing is left, WooCommerce marks the order refunded.
    await day.refund(name, 1, 'Chipped too');
    const rest = (await signedStoreGet(key, `wc/v3/orders/${orderId}`)).body as {
      status: string;
    };
    expect(rest.status).toBe('refunded');
    expect(await stock()).toBe(20);
    await tab.close();
  });
});
