import { expect, test } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { AssistantPage } from '../pages/AssistantPage';
import { BillingPage } from '../pages/BillingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { StationsPage } from '../pages/StationsPage';
import { expectAccessible } from '../support/a11y';
import { messagesTo } from '../support/mail';
import { issueStoreKeys, resetStore, stores } from '../support/store';

/** The catalogue's nine tasks (api/src/db/assistant-tasks.ts), by id and name. */
const TASKS = {
  choosePlan: ['choose-plan', 'Choose a plan'],
  createApplication: ['create-application', 'Create an application'],
  authorize: ['authorize-application', 'Authorize your application'],
  defaultStation: ['set-default-station', 'Set the default station'],
  openStation: ['open-station', 'Open a station'],
  pinStation: ['pin-station', 'Pin a station to Quick Launch'],
  staffUser: ['create-staff-user', 'Create a staff user'],
  firstOrder: ['process-first-order', 'Process your first order'],
  card: ['add-card', 'Add a card'],
} as const;

const SUPPORT_EMAIL = 'support@cloudpos.sandbox.test';

/** Demo Book Nook's one station, open to every POS user of the store. */
const BOOK_NOOK_STATION = 'Checkout';

const bubble = (name: string) => `Assistant task completed: ${name}`;

test.describe('the Assistant', () => {
  test.afterEach(async () => {
    await resetStore(stores.books.url);
  });

  test('a new manager’s tasks complete themselves as they work, each with its bubble; the rest by hand', async ({
    page,
  }) => {
    // A whole onboarding in one journey: register, plan, store, station, panel, support, the rest.
    test.setTimeout(180_000);
    const email = `assistant-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
    await new LoginProviderPage(page).register('Ari Assistant', email, 'a-strong-password');
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    const assistant = new AssistantPage(page);
    await expect(assistant.remaining).toHaveText('9');
    await expect(assistant.firstTaskTooltip).toContainText(
      'The easiest way to start using the POS.',
    );
    await expect(assistant.firstTaskTooltip).toContainText('9 remaining tasks');
    await expectAccessible(page, 'the plans page with the Assistant widget');

    // Choosing Trial proves 'Choose a plan', without a click in the panel.
    const billing = new BillingPage(page);
    await billing.expectLoaded();
    await billing.choosePlan('Trial');
    await billing.subscribeButton.click();
    await new ShellPage(page).expectDashboard();
    await expect(page.getByText(bubble(TASKS.choosePlan[1]))).toBeVisible();
    await expect(assistant.remaining).toHaveText('8');

    // Connecting a demo store (Demo Book Nook: no orders yet, so the Trial's 50 are all there):
    // the application, then its authorization.
    const apps = new ApplicationsPage(page);
    await apps.create('Ari books', stores.books.url);
    await expect(page.getByText(bubble(TASKS.createApplication[1]))).toBeVisible();
    const keys = await issueStoreKeys(stores.books.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');
    await expect(page.getByText(bubble(TASKS.authorize[1]))).toBeVisible();

    // Launching a station (in another tab) reaches this one through the live stream.
    await apps.viewStations.click();
    const stations = new StationsPage(page);
    const tab = await stations.openInNewTab(stations.viewPos(BOOK_NOOK_STATION).first());
    await new PosStationPage(tab).expectOpen(stores.books.url, BOOK_NOOK_STATION, 'Ari Assistant');
    await tab.close();
    await expect(page.getByText(bubble(TASKS.openStation[1]))).toBeVisible();
    await expect(assistant.remaining).toHaveText('5');

    await assistant.open();
    await expect(assistant.panel.getByRole('heading', { name: 'Assistant' })).toBeVisible();
    await expect(assistant.panel).toContainText(
      'AI-Powered Tool for Streamlined and Efficient POS Operations Management',
    );
    for (const [id] of [
      TASKS.choosePlan,
      TASKS.createApplication,
      TASKS.authorize,
      TASKS.openStation,
    ]) {
      await expect(assistant.completed(id)).toHaveAttribute('data-completed-by', 'event');
    }
    await expectAccessible(page, 'the Assistant panel');

    // Dismissing asks first; Cancel keeps the task.
    const dialog = await assistant.dismiss(TASKS.staffUser[0]);
    await expect(dialog).toContainText('Did you want to mark the task completed?');
    await expect(dialog).toContainText(
      'Note: We recommend completing the task to automatically close the task and not marking manually as completed',
    );
    await expectAccessible(page, 'the dismiss dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(assistant.task(TASKS.staffUser[0])).toBeVisible();

    // 'Show Assistant in POS' is kept across a reload.
    await expect(assistant.showInPos).toHaveAttribute('aria-checked', 'true');
    await assistant.showInPos.click();
    await expect(assistant.showInPos).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await assistant.open();
    await expect(assistant.showInPos).toHaveAttribute('aria-checked', 'false');

    // A support request reaches the support address, and the person gets its id.
    const subject = `Receipt printer ${Date.now()}`;
    const sent = await assistant.sendSupportRequest(
      subject,
      'The receipt printer at Front Counter prints blank pages.',
    );
    await expect(sent).toContainText(/Request \S+/);
    await expect
      .poll(async () => (await messagesTo(SUPPORT_EMAIL)).some((m) => m.subject.includes(subject)))
      .toBe(true);

    // The rest marked Done by hand; then every task is completed.
    for (const [id] of [
      TASKS.staffUser,
      TASKS.defaultStation,
      TASKS.pinStation,
      TASKS.firstOrder,
      TASKS.card,
    ]) {
      await assistant.markDone(id);
      await expect(assistant.completed(id)).toHaveAttribute('data-completed-by', 'manual');
    }
    await expect(assistant.completedHeading).toHaveText('Yay! All tasks completed.');
    await expect(assistant.remaining).toHaveText('0');
    await expectAccessible(page, 'the Assistant with every task completed');
  });

  test('the demo manager’s assistant starts with what the demo data has proven', async ({
    page,
  }) => {
    await new ShellPage(page).signInAs('manager');
    const assistant = new AssistantPage(page);
    await assistant.open();
    for (const [id] of [TASKS.choosePlan, TASKS.createApplication, TASKS.authorize]) {
      await expect(assistant.completed(id)).toHaveAttribute('data-completed-by', 'event');
    }
  });
});
