import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { BillingPage } from '../pages/BillingPage';
import { LandingPage } from '../pages/LandingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StaffPage } from '../pages/StaffPage';
import { StationsPage } from '../pages/StationsPage';
import { expectAccessible } from '../support/a11y';
import { messagesTo } from '../support/mail';
import { provideAccount } from '../support/provider';
import { accounts, demoApplication, stack } from '../support/stack';
import { issueStoreKeys, resetStore, stores } from '../support/store';

const LAST_ACCESS = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;

/** A few random Latin letters, so names made up by a run pass the staff name rule. */
function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());
}

/** The link a mail of the outbox carries to `origin`. */
async function linkInMail(email: string, subject: RegExp, origin: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const message = (await messagesTo(email)).find((m) => subject.test(m.subject));
        text = message?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toContain(origin);
  const link = text.split(/\s+/).find((word) => word.startsWith(origin));
  if (!link) throw new Error(`no ${origin} link in the mail to ${email}`);
  return link;
}

/** A manager of their own (made by the test) on the free plan, on the dashboard. */
async function newManager(page: Page, name: string): Promise<void> {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await provideAccount(email, { name, password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
}

test.describe('Staff', () => {
  test.afterEach(async () => {
    await resetStore(stores.coffee.url);
    await resetStore(stores.books.url);
  });

  test('the demo manager creates a cashier, who signs up, launches a shared station and shows up with her Last Access', async ({
    page,
    browser,
  }) => {
    // Two people in one journey: the manager's pages, then the cashier's sign-up and station.
    test.setTimeout(150_000);
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    await shell.navItem('Staff').click();
    await page.waitForURL((url) => url.pathname === '/staff');
    const staff = new StaffPage(page);
    await staff.expectLoaded();
    await expect(staff.applicationSelect).toHaveValue(/.+/);
    for (const column of [
      'User',
      'Email',
      'Role Type',
      'Access',
      'Status',
      'Last Access',
      'Manage',
    ]) {
      await expect(
        staff.root.getByRole('columnheader', { name: column, exact: true }),
      ).toBeVisible();
    }
    // The demo cashier has a verified dashboard account: Active, with access to the cloud.
    await expect(await staff.cell(accounts.cashier.email, 'access')).toHaveText('Stations, Cloud');
    await expect(await staff.cell(accounts.cashier.email, 'status')).toHaveText('Active');
    await expectAccessible(page, 'the staff list');

    const name = `${letters(6)} ${letters(8)}`;
    const email = `${name.toLowerCase().replace(' ', '.')}@staff.demo.test`;
    await staff.openCreate();
    await expectAccessible(page, 'the staff create form');
    await staff.create({ name, email, role: 'Cashier', application: demoApplication.name });
    await expect(page.getByText('Staff member was created successfully.')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/staff');
    await staff.expectLoaded();
    await expect(staff.rowOf(email)).toBeVisible();
    await expect(await staff.cell(email, 'role')).toHaveText('Cashier');
    await expect(await staff.cell(email, 'access')).toHaveText('Stations');
    // Creating her sent the first invitation.
    await expect(await staff.cell(email, 'inviteStatus')).toHaveText('Pending');
    await expect(await staff.cell(email, 'lastAccess')).not.toHaveText(LAST_ACCESS);

    // The store mailed her the invitation; its link opens the provider's sign-up page.
    const signUp = await linkInMail(email, /invited you/, stack.login);
    expect(new URL(signUp).pathname).toBe('/need-register');

    const context = await browser.newContext();
    const cashierPage = await context.newPage();
    try {
      await cashierPage.goto(signUp);
      await cashierPage.getByLabel('Full name').fill(name);
      await cashierPage.getByLabel('Email').fill(email);
      await cashierPage.getByLabel('Password').fill('a-strong-password');
      await cashierPage.getByRole('button', { name: /create account|register|sign up/i }).click();
      await cashierPage.waitForURL((url) => url.pathname === '/subscription-plans');

      // She verifies her email with the provider's activation mail, then signs in again.
      const activation = await linkInMail(email, /Activate/, stack.login);
      await cashierPage.goto(activation);
      await expect(cashierPage.getByText(`${email} is verified`)).toBeVisible();
      await cashierPage.goto(`${stack.shell}/logout`);
      await expect(new LandingPage(cashierPage).signIn).toBeVisible();
      const provider = new LoginProviderPage(cashierPage);
      await provider.open();
      await provider.signIn(email, 'a-strong-password');
      await cashierPage.waitForURL((url) => url.pathname === '/subscription-plans');

      // A store's verified POS user is shared staff: she picks the Shared Access plan.
      const billing = new BillingPage(cashierPage);
      await billing.expectLoaded();
      await billing.accessToggle.getByRole('button', { name: 'Shared Access' }).click();
      await expectAccessible(cashierPage, "the new cashier's Shared Access plans");
      await billing.choosePlan('Cashier');
      await billing.subscribeButton.click();
      await new ShellPage(cashierPage).expectDashboard();

      // Stations → Shared with me → Demo Coffee Roasters → Front Counter, signed in as her.
      const stations = new StationsPage(cashierPage);
      await stations.openOverview();
      const row = stations
        .section('Shared with me')
        .getByRole('row', { name: new RegExp(demoApplication.name) });
      await row.getByRole('link').first().click();
      await cashierPage.waitForURL(/\/applications\/[^/]+\/shared-stations$/);
      const tab = await stations.openInNewTab(
        stations.row(stores.coffee.stations.frontCounter).getByRole('link', { name: /\/pos$/ }),
      );
      await new PosStationPage(tab).expectOpen(
        stores.coffee.url,
        stores.coffee.stations.frontCounter,
        name,
      );
    } finally {
      await context.close();
    }

    // The manager sees her as an active user of the cloud, with her last access.
    await staff.open();
    await expect(await staff.cell(email, 'status')).toHaveText('Active');
    await expect(await staff.cell(email, 'access')).toHaveText('Stations, Cloud');
    await expect(await staff.cell(email, 'lastAccess')).toHaveText(LAST_ACCESS);
    await expectAccessible(page, 'the staff list with a new active cashier');

    // Manage: another role, then no POS access at all.
    await staff.changeRole(email, 'Kiosk');
    await expect(await staff.cell(email, 'role')).toHaveText('Kiosk');
    await staff.removeAccess(email);
    await expect(staff.rowOf(email)).toHaveCount(0);
  });

  test('the create form shows each validation text, and a taken email gets the store’s answer', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('manager');
    const staff = new StaffPage(page);
    await staff.open();
    await staff.openCreate();

    // The form preselects the remembered application: cleared, it must say so too.
    await staff.applicationField.selectOption('');
    await staff.createButton.click();
    for (const text of [
      'Name is required',
      'Email is required',
      'Role is required',
      'Application is required',
    ]) {
      await expect(staff.createRoot.getByText(text, { exact: true })).toBeVisible();
    }
    await staff.nameInput.fill('Jo3 Smith');
    await expect(
      staff.createRoot.getByText('Name can only contain Latin letters', { exact: true }),
    ).toBeVisible();
    await staff.nameInput.fill('Jo');
    await expect(
      staff.createRoot.getByText('Please enter your full name', { exact: true }),
    ).toBeVisible();
    await staff.emailInput.fill('not-an-email');
    await expect(staff.createRoot.getByText('Invalid email', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the staff create form with its validation texts');

    // The demo cashier is a user of the store already: the store's own words come back.
    await staff.create({
      name: 'Cash Again',
      email: accounts.cashier.email,
      role: 'Cashier',
      application: demoApplication.name,
    });
    await expect(staff.createError).toHaveText('Sorry, that email address is already used!');
    await expect(page).toHaveURL(/\/staff\/create$/);
  });

  test("Demo Book Nook shows 'Download add-on to manage Staff' with the add-on's download", async ({
    page,
  }) => {
    await newManager(page, 'Bruno Books');
    const apps = new ApplicationsPage(page);
    await apps.create('Bruno books', stores.books.url);
    const keys = await issueStoreKeys(stores.books.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');

    const staff = new StaffPage(page);
    await staff.open();
    await expect(staff.downloadAddon).toContainText('Download add-on to manage Staff');
    await expect(staff.downloadAddonLink).toHaveAttribute('href', '/downloads/cloud-pos-staff.zip');
    const download = await page.request.get('/downloads/cloud-pos-staff.zip');
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 2).toString('latin1')).toBe('PK');
    await expectAccessible(page, 'the staff page of a store without the add-on');
  });

  test("a manager with no applications sees 'Connect an application to manage staff'", async ({
    page,
  }) => {
    await newManager(page, 'Nadia Noapps');
    const staff = new StaffPage(page);
    await staff.open();
    await expect(staff.connectApplication).toContainText('Connect an application to manage staff');
    await expectAccessible(page, 'the staff page of a manager without applications');
    await staff.connectApplication.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/applications');
  });
});
