import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { PosStationPage } from '../pages/PosStationPage';
import { RegisterDayPage } from '../pages/RegisterDayPage';
import { ShellPage } from '../pages/ShellPage';
import { StaffPage } from '../pages/StaffPage';
import { StationsPage } from '../pages/StationsPage';
import { WooStorePage } from '../pages/WooStorePage';
import { provideAccount } from '../support/provider';
import { stack } from '../support/stack';
import {
  deliverStoreWebhooks,
  journeyKey,
  realStore,
  restoreStorePlugin,
  signedStoreGet,
  signedStoreRequest,
  storeMailTo,
  storeWithoutPlugin,
  type StoreKey,
} from '../support/realStore';

// Journeys against a real store, WordPress with WooCommerce and the Cloud POS plugin installed
// from its download zip: the `real-store` step (scripts/lib/real-store.mjs) sets it up and runs
// this file with REAL_STORE_SITE; the e2e step leaves it out (playwright.config.ts).

const FRONT_COUNTER = 'Front Counter';
/** The station the plugin's activation makes on a store that never had one. */
const FIRST_STATION = 'Checkout';

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

/**
 * The open application's station list says what the store keeps: the same stations, the same
 * default, and each station's cloud POS slug where the store has one.
 */
async function expectStationsAgree(stations: StationsPage, key: StoreKey): Promise<void> {
  const kept = await storeStations(key);
  await expect(stations.page.getByTestId('station-row')).toHaveCount(kept.length);
  for (const station of kept) {
    const toggle = stations.defaultToggle(station.name);
    await (station.is_default ? expect(toggle).toBeChecked() : expect(toggle).not.toBeChecked());
    if (station.cloud_slug) {
      await expect(stations.slugInput(station.name)).toHaveValue(station.cloud_slug);
    }
  }
}

/** The store's active webhooks that deliver to application `id` (the api's delivery URL). */
async function webhooksOf(key: StoreKey, id: string) {
  const answer = await signedStoreGet(key, 'wc/v3/webhooks?per_page=100&status=active');
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ id: number; topic: string; delivery_url: string }>).filter(
    (hook) => hook.delivery_url.endsWith(`/wc-webhooks/${id}`),
  );
}

/** An order made through the store's own REST API, paid: what a web checkout leaves. */
async function storeOrder(key: StoreKey): Promise<number> {
  const created = await signedStoreRequest(key, 'POST', 'wc/v3/orders', {
    status: 'processing',
    set_paid: true,
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
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
      // The stack's cloud POS origin: nginx's https one in this step.
      new RegExp(`^${stack.cloudPos.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/.+/pos$`),
    );
    // The store keeps the address too.
    const kept = (await storeStations(key)).find((s) => s.name === FRONT_COUNTER);
    expect(kept).toMatchObject({ is_default: true });
  });

  test('webhooks registered: a REST order is delivered through Action Scheduler and shown on the open dashboard', async ({
    page,
  }) => {
    // Five webhooks made one by one, each pinging the api before the store answers.
    test.slow();
    const id = await managerWithRealStore(page, 'Otto Orders');
    const key = journeyKey();
    // An order the store had before the connect: only the api's first read of the store's
    // orders (the backfill, which adds no feed entries) brings it in.
    await storeOrder(key);
    await connect(new ApplicationsPage(page), key);

    const dashboard = new ActivityPage(page);
    await page.goto('/');
    await expect(dashboard.miniFeedEntries.first()).toBeVisible();
    // The api registers its five webhooks, then reads the store's orders, in the background
    // after the connect. Once the older order counts, that read is over: an order made from
    // now on reaches the api through its webhook only.
    await expect(async () => expect(await webhooksOf(key, id)).toHaveLength(5)).toPass({
      timeout: 90_000,
    });
    await expect(dashboard.ordersThisMonth).toHaveText(/^[1-9][\d,]* orders? this month$/);
    // A mark on this document: it survives only if the dashboard is never reloaded.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));

    const orderId = await storeOrder(key);
    // WooCommerce queued the signed delivery in Action Scheduler; its queue runs now, and the
    // api answers the delivery only once it has stored the order.
    const created = (await webhooksOf(key, id)).find((hook) => hook.topic === 'order.created');
    const { deliveries, pending } = deliverStoreWebhooks();
    expect(deliveries).toContainEqual({
      webhook: created?.id,
      topic: 'order.created',
      arg: orderId,
      status: 200,
    });
    expect(pending).toBe(0);
    await expect(
      dashboard.miniFeed.getByText(`Order #${orderId} was processed in Otto Orders store`),
    ).toBeVisible();
    expect(await page.evaluate(() => 'stillTheSameDocument' in window)).toBe(true);
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
    // The dashboard and the store agree again: every station, the default and the slugs.
    const kept = (await storeStations(second)).find((s) => s.name === FRONT_COUNTER);
    expect(kept).toMatchObject({ is_default: true, cloud_slug: 'pos' });
    await expectStationsAgree(stations, second);

    // The address that was in use before the disconnect still opens the station on the store.
    expect(address).toMatch(/\/pos$/);
    const register = await page.context().newPage();
    await register.goto(address!);
    await new PosStationPage(register).expectOpen(realStore!.home, FRONT_COUNTER, 'Remy Reconnect');
    await register.close();
  });

  // Last: it takes the plugin away from the store for a while (restored at its end).
  test('a sale of two products and a variation with a coupon at the register makes WooCommerce’s order, and the dashboard shows it', async ({
    page,
  }) => {
    const name = 'Rory Register';
    const id = await managerWithRealStore(page, name);
    const key = journeyKey();
    await connect(new ApplicationsPage(page), key);
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.quickLaunchToggle(FRONT_COUNTER).click();
    await expect(stations.quickLaunchToggle(FRONT_COUNTER)).toBeChecked();
    await page.goto('/');
    const dashboard = new ActivityPage(page);
    const today = await dashboard.ordersTodayCount();

    const { products, coupon } = realStore!.shop;
    const stockOf = async (productId: number | undefined) => {
      const answer = await signedStoreGet(key, `wc/v3/products/${productId}`);
      expect(answer.status).toBe(200);
      return (answer.body as { stock_quantity: number }).stock_quantity;
    };
    const sold = ['Espresso Beans 250 g', 'Ceramic Mug', 'Logo T-shirt - Large'];
    const before = await Promise.all(sold.map((item) => stockOf(products[item])));

    // The POS tile's quick launch hands the manager over to the store's register.
    const tab = await stations.openInNewTab(stations.tileQuickLaunch(FRONT_COUNTER));
    const register = new PosStationPage(tab);
    await register.expectOpen(realStore!.home, FRONT_COUNTER, name);
    await register.add('Espresso Beans 250 g');
    await register.scan('RS-MUG');
    await expect(register.cart.getByText('Ceramic Mug', { exact: true })).toBeVisible();
    await register.addVariation('Logo T-shirt', { Size: 'Large' });
    await expect(register.cart.getByText(/^Logo T-shirt - Large$/)).toBeVisible();
    await register.applyCoupon('nosuch');
    await expect(register.cart.getByRole('alert')).toHaveText(
      'Coupon "nosuch" cannot be applied because it does not exist.',
    );
    await register.applyCoupon(coupon);
    await expect(register.cart.getByText(`Coupon: ${coupon}`)).toBeVisible();
    // The store's administrator may give discounts (edit_shop_orders): 10 % off the mug, a
    // WooCommerce fee whose tax WooCommerce computes.
    await register.cart.getByRole('button', { name: 'Discount on Ceramic Mug' }).click();
    await tab.getByLabel('Percentage off').fill('10');
    await tab.getByRole('button', { name: 'Apply discount' }).click();
    await expect(register.cart.getByText('Discount: Ceramic Mug (10%): -$0.95')).toBeVisible();
    const total = await register.total();
    const tax = await register.figure('register-tax');
    await register.payCash('100');
    const amount = (money: string) => Number(money.replace(/[^\d.]/g, ''));
    const change = (100 - amount(total)).toFixed(2);
    await expect(register.receipt.getByTestId('receipt-change')).toHaveText(`$${change}`);
    const orderId = await register.receiptOrder();

    // WooCommerce's order: its totals and tax are what the register showed, the coupon's
    // discount is WooCommerce's, the variation is sold, and the stock went down by one each.
    const answer = await signedStoreGet(key, `wc/v3/orders/${orderId}`);
    expect(answer.status).toBe(200);
    const order = answer.body as {
      status: string;
      created_via: string;
      total: string;
      total_tax: string;
      discount_total: string;
      coupon_lines: Array<{ code: string }>;
      fee_lines: Array<{ name: string; total: string }>;
      line_items: Array<{ name: string; variation_id: number }>;
      meta_data: Array<{ key: string; value: string }>;
    };
    expect(order).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      total: amount(total).toFixed(2),
      total_tax: amount(tax).toFixed(2),
      coupon_lines: [expect.objectContaining({ code: coupon })],
    });
    expect(Number(order.discount_total)).toBeGreaterThan(0);
    expect(order.fee_lines).toEqual([
      expect.objectContaining({ name: 'Discount: Ceramic Mug (10%)', total: '-0.95' }),
    ]);
    expect(order.line_items.map((line) => line.variation_id)).toEqual([
      0,
      0,
      products['Logo T-shirt - Large'],
    ]);
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_station_name', value: FRONT_COUNTER }),
        expect.objectContaining({ key: 'cloud_pos_change_due', value: change }),
      ]),
    );
    const after = await Promise.all(sold.map((item) => stockOf(products[item])));
    expect(after).toEqual(before.map((units) => units - 1));

    // The store's signed webhook, queued in Action Scheduler, reaches the dashboard that is
    // still open in the first tab once the queue runs (as WP-Cron runs it).
    const { deliveries } = deliverStoreWebhooks();
    expect(deliveries).toContainEqual(
      expect.objectContaining({ topic: 'order.created', status: 200 }),
    );
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 15_000 });
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${orderId} was processed`,
      {
        timeout: 15_000,
      },
    );
    await tab.close();
  });

  test('the plugin prompt on a store without the plugin; activating it in wp-admin makes a station the dashboard shows', async ({
    page,
    context,
  }) => {
    storeWithoutPlugin();
    try {
      const id = await managerWithRealStore(page, 'Pia Plugin');
      const apps = new ApplicationsPage(page);
      await connect(apps, journeyKey());
      await expect(apps.stationsPluginPrompt).toContainText('Stations need the Cloud POS plugin');
      const stations = new StationsPage(page);
      await apps.viewStations.click();
      await page.waitForURL((url) => url.pathname === `/applications/${id}/stations`);
      await expect(stations.pluginPrompt).toContainText('Stations need the Cloud POS plugin');
      await expect(page.getByTestId('station-row')).toHaveCount(0);

      // The store's administrator activates Cloud POS on WordPress's own Plugins screen.
      const storeTab = await context.newPage();
      await new WooStorePage(storeTab, realStore!.home).activatePlugin(
        'Cloud POS',
        realStore!.logins.administrator,
      );
      await storeTab.close();

      // Its activation made the store's first station, and the dashboard shows it.
      await stations.openApplicationStations(id);
      await expect(page.getByTestId('station-row')).toHaveCount(1);
      await expect(stations.row(FIRST_STATION)).toContainText(realStore!.home);
      await expect(stations.pluginPrompt).toHaveCount(0);
      await page.goto(`/applications/${id}`);
      await expect(apps.viewStations).toContainText('1');
      await expect(apps.stationsPluginPrompt).toHaveCount(0);
    } finally {
      restoreStorePlugin();
    }
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
