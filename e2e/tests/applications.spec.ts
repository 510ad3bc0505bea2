import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { AssistantPage } from '../pages/AssistantPage';
import { ShellPage } from '../pages/ShellPage';
import { WooStorePage } from '../pages/WooStorePage';
import { expectAccessible } from '../support/a11y';
import { messagesTo } from '../support/mail';
import { provideAccount } from '../support/provider';
import {
  issueStoreKeys,
  resetStore,
  revokeStoreKeys,
  setStoreOffline,
  stores,
} from '../support/store';

/** A manager of their own, so that each journey starts with no applications. */
async function signInAsNewManager(page: Page, name = 'Mona Merchant'): Promise<void> {
  const email = `manager-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await provideAccount(email, { name, password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
}

test.describe('Applications', () => {
  test.afterEach(async () => {
    await resetStore(stores.coffee.url);
    await resetStore(stores.books.url);
  });

  test('create, authorize through the store (approve), then the detail shows it authorized', async ({
    page,
  }) => {
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    await apps.openList();
    await expect(page.getByText('There are no applications created yet')).toBeVisible();
    await expectAccessible(page, 'the empty applications list');

    await page.goto('/applications/create');
    await expectAccessible(page, 'the create form');
    const id = await apps.create('Coffee counter', stores.coffee.url);
    await expect(apps.status).toHaveText('Not authorized');
    await expectAccessible(page, 'a new application');

    await apps.authorizeWithAccount(stores.coffee.url);
    const store = new WooStorePage(page, stores.coffee.url);
    await expectAccessible(page, 'the store login of wc-auth');
    await store.logIn();
    await store.expectApprovePage('Cloud POS');
    await expectAccessible(page, 'the store approve page');
    await store.approve();

    // The store sends the browser back through /wc-authorization to the application.
    await page.waitForURL((url) => url.pathname === `/applications/${id}`);
    await expect(apps.status).toHaveText('Authorized');
    await expect(apps.wpUserEmail).toHaveText(stores.coffee.owner);
    await expect(apps.urlField).toBeDisabled();
    await expect(apps.viewStations).toContainText('3');
    await expect(apps.sharedWith).toBeVisible();
    // The demo cashier has a dashboard account, but the store merely lists her email: nothing
    // is shared with her until this owner invites her from the dashboard.
    const cashierRow = apps.sharedUser('cashier@demo.test');
    await expect(cashierRow).toContainText('Need Invite');
    await apps.inviteButton('cashier@demo.test').click();
    await expect(apps.inviteButton('cashier@demo.test')).toHaveAttribute(
      'title',
      'The invitation is sent',
    );
    await page.reload();
    await expect(cashierRow).toContainText('Active');
    await expect(cashierRow).toContainText('Stations, Cloud');
    await expectAccessible(page, 'an authorized application');

    await apps.openList();
    await expect(apps.rowStatus('Coffee counter')).toHaveText('Authorized');
    await page.goto('/');
    await expect(apps.tileCount).toHaveText('1');
  });

  test('denying on the store leaves the application unauthorized', async ({ page }) => {
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    const id = await apps.create('Book nook', stores.books.url);
    await apps.authorizeWithAccount(stores.books.url);
    const store = new WooStorePage(page, stores.books.url);
    await store.logIn();
    await store.expectApprovePage('Cloud POS');
    await store.deny();

    await page.waitForURL((url) => url.pathname === `/applications/${id}`);
    await expect(
      page.getByText('Unable to process your request due to a temporary issue on WP side'),
    ).toBeVisible();
    await expect(apps.status).toHaveText('Not authorized');
    await expect(apps.urlField).toBeEnabled();
    await expectAccessible(page, 'an application after a denied authorization');
  });

  test('connect with keys: bad keys are refused with the reason, good keys authorize, disconnect', async ({
    page,
    context,
  }) => {
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    await apps.create('Coffee keys', stores.coffee.url);

    await apps.connectWithKeys(`ck_${'0'.repeat(40)}`, `cs_${'0'.repeat(40)}`);
    // Issue 10: each refusal in its own words, with what to do next.
    await expect(apps.keysFail).toContainText('The store does not know this consumer key.');
    await expect(apps.keysFail).toContainText('Copy the consumer key again');
    await expect(apps.status).toHaveText('Not authorized');
    // The refusal's danger bubble is an error entry of the feed: it opens the Assistant (spec 4).
    const assistant = new AssistantPage(page);
    await expect(assistant.panel).toBeVisible();
    await expectAccessible(page, 'a refused key pair');
    await assistant.close();

    // The store administrator makes a key pair on the store's own REST API screen.
    const storeTab = await context.newPage();
    const keys = await new WooStorePage(storeTab, stores.coffee.url).createKeys('Cloud POS keys');
    await storeTab.close();

    await apps.connectWithKeys(keys.key, keys.secret);
    await expect(apps.status).toHaveText('Authorized');
    await expect(apps.urlField).toBeDisabled();
    // Secrets are never shown whole once stored.
    await expect(page.locator('body')).not.toContainText(keys.secret);
    await expectAccessible(page, 'an application connected with keys');

    // Disconnect asks first, saying the store's Cloud POS plugin revokes the key; Cancel keeps it.
    const dialog = await apps.startDisconnect();
    await expect(dialog).toContainText(
      `Its Read/Write key will be revoked on ${new URL(stores.coffee.url).host} through the Cloud POS plugin.`,
    );
    await expectAccessible(page, 'the Disconnect confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(apps.status).toHaveText('Authorized');

    await apps.disconnect();
    await expect(
      page.getByText('Coffee keys application has been disconnected and is no longer authorized.'),
    ).toBeVisible();
    await expect(apps.status).toHaveText('Not authorized');
    await expect(apps.urlField).toBeEnabled();
    await expect(apps.keyOutcome).toHaveText(
      `The Read/Write key was revoked on ${new URL(stores.coffee.url).host}.`,
    );
    await expectAccessible(page, 'an application just disconnected');
  });

  test("a refused authorization tells why on the application's page, and the site check offers the store's own address", async ({
    page,
  }) => {
    test.slow();
    // The store calls itself 127.0.0.1; WooCommerce checks signatures against that address, so
    // keys sent for 'localhost' are refused when the api checks them.
    const alias = stores.books.url.replace('127.0.0.1', 'localhost');
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);

    await page.goto('/applications/create');
    await page.getByLabel('Name').fill('Aliased books');
    await page.getByLabel('URL').fill(alias);
    await expect(apps.siteCheck('create')).toContainText(
      `This site gives its own address as ${stores.books.url}.`,
    );
    await expect(
      apps.siteCheck('create').getByRole('button', { name: `Use ${stores.books.url}` }),
    ).toBeVisible();
    await expectAccessible(page, "the create form offering the site's own address");
    // The owner keeps the address typed.
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(apps.nameField).toHaveValue('Aliased books');
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';

    await apps.authorizeWithAccount(alias);
    const store = new WooStorePage(page, alias);
    await store.logIn();
    await store.expectApprovePage('Cloud POS');
    await store.approve();
    // WooCommerce keeps the owner on its own error page when the callback is refused.
    await expect(page.getByText(/unable to send the consumer data/)).toBeVisible();

    await page.goto(`/applications/${id}`);
    await expect(apps.status).toHaveText('Not authorized');
    await expect(apps.lastAuthFailure).toContainText('The last authorization failed on');
    await expect(apps.lastAuthFailure).toContainText(
      `WooCommerce sent the keys, but they were refused: The store calls itself ${stores.books.url}`,
    );
    await expect(apps.lastAuthFailure).toContainText('What to do next:');
    await expectAccessible(page, 'an application whose authorization was refused');

    // The URL edit offers the site's own address (https:// assumed for what is typed bare).
    await apps.urlField.fill(new URL(alias).host);
    await apps
      .siteCheck('detail')
      .getByRole('button', { name: `Use ${stores.books.url}` })
      .click();
    await expect(apps.urlField).toHaveValue(stores.books.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Application Aliased books was updated.')).toBeVisible();

    await apps.authorizeWithAccount(stores.books.url);
    const sameStore = new WooStorePage(page, stores.books.url);
    await sameStore.logIn();
    await sameStore.approve();
    await page.waitForURL((url) => url.pathname === `/applications/${id}`);
    await expect(apps.status).toHaveText('Authorized');
    await expect(apps.lastAuthFailure).toHaveCount(0);
  });

  test('delete asks first, on the list and on the application page', async ({ page }) => {
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    await apps.create('First to go', stores.coffee.url);
    await apps.create('Second to go', stores.books.url);

    await apps.confirmDelete(
      apps.deleteOnDetail(),
      'Are you sure you want to permanently delete this Application?',
    );
    await page.waitForURL((url) => url.pathname === '/applications');
    await expect(apps.row('Second to go')).toHaveCount(0);

    await apps.confirmDelete(
      apps.deleteOnList('First to go'),
      'Are you sure you want to permanently delete this application?',
    );
    await expect(page.getByText('There are no applications created yet')).toBeVisible();
  });

  test('invitations go out up to the limit of three, then the limit shows', async ({ page }) => {
    await signInAsNewManager(page, 'Ivy Inviter');
    const apps = new ApplicationsPage(page);
    const keys = await issueStoreKeys(stores.coffee.url);
    await apps.create('Invite shop', stores.coffee.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');

    // A store cashier who has no dashboard account yet: a wp user.
    const email = 'liam.brooks@coffee.demo.test';
    await expect(apps.sharedUser(email)).toContainText('Need Invite');
    const before = (await messagesTo(email)).length;
    const invite = apps.inviteButton(email);
    await expect(invite).toHaveAttribute('title', 'Send invitation');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await invite.click();
      await expect(invite).toHaveAttribute('title', 'The invitation is sent');
      await expect(invite).toHaveAttribute('title', 'Resend invitation', { timeout: 6_000 });
    }
    await invite.click();
    await expect(invite).toHaveAttribute('title', 'Attempt limit reached');
    await expectAccessible(page, 'the shared-with table at the invitation limit');
    await expect.poll(async () => (await messagesTo(email)).length - before).toBe(3);
    const mail = (await messagesTo(email)).at(-1);
    expect(mail?.subject).toContain('Ivy Inviter');

    await page.reload();
    await expect(apps.inviteButton(email)).toHaveAttribute('title', 'Attempt limit reached');
  });

  test('a store that revoked the keys or went offline shows a danger bubble in the list', async ({
    page,
  }) => {
    await signInAsNewManager(page);
    const apps = new ApplicationsPage(page);
    const keys = await issueStoreKeys(stores.books.url);
    await apps.create('Fragile books', stores.books.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');

    await setStoreOffline(stores.books.url, true);
    await apps.openList();
    await expect(
      page.getByText(/Fragile books: The store at .* could not be reached/),
    ).toBeVisible();
    await expect(apps.rowStatus('Fragile books')).toHaveText('Unverified');
    await expectAccessible(page, 'the list with an unreachable store');

    // Nothing was lost: back online, the application is authorized again.
    await setStoreOffline(stores.books.url, false);
    await apps.openList();
    await expect(apps.rowStatus('Fragile books')).toHaveText('Authorized');

    await revokeStoreKeys(stores.books.url);
    await page.reload();
    await expect(page.getByText(/Fragile books: The store rejected the stored keys/)).toBeVisible();
    await expect(apps.rowStatus('Fragile books')).toHaveText('Unverified');
  });

  test('a cashier is sent away from the applications pages', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('cashier');
    for (const path of ['/applications', '/applications/create', '/wc-authorization']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await expect(shell.navItem('Applications')).toHaveCount(0);
  });
});
