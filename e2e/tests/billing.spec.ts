import { expect, test, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { BillingPage } from '../pages/BillingPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { PlanUsagePage } from '../pages/PlanUsagePage';
import { ShellPage } from '../pages/ShellPage';
import { StoreShopPage } from '../pages/StoreShopPage';
import { expectAccessible } from '../support/a11y';
import { apiAs, cardsOf, planStateOf } from '../support/billing';
import { advancePaymentsClock, promotionCodes, stripeApi, testCards } from '../support/payments';
import { pdfText } from '../support/pdf';
import { provideAccount } from '../support/provider';
import { issueStoreKeys, resetStore, stores } from '../support/store';

/** Pro is $79 a month; WELCOME10 takes 10 % off for 3 billing periods. */
const PRO_WITH_WELCOME10 = '$71.10';

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;

/** A manager of their own on Trial with no card, on /subscription-plans. */
async function newManagerOnPlans(page: Page, name: string): Promise<BillingPage> {
  const email = uniqueEmail('billing');
  await provideAccount(email, { name, password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
  const billing = new BillingPage(page);
  await billing.open();
  return billing;
}

/** Saves the 4242 card through the 'Payment Methods' list and goes back to the subscribe view. */
async function addVisa(billing: BillingPage): Promise<void> {
  await billing.openPaymentMethods();
  await billing.addCard({ number: testCards.visa });
  await expect(billing.savedCard('4242')).toBeVisible();
  await billing.backToSubscribe();
}

/** Chooses Pro, applies WELCOME10 and subscribes with the default card; ends on the dashboard. */
async function subscribeToProWithWelcome10(page: Page, billing: BillingPage): Promise<void> {
  await billing.choosePlan('Pro');
  await expect(billing.planAction('Pro')).toHaveText('Selected');
  await billing.applyPromo(promotionCodes.welcome);
  await expect(billing.promoApplied).toContainText(promotionCodes.welcome);
  await expect(billing.paymentForm.getByText('Total due now')).toBeVisible();
  await expect(billing.total).toHaveText(PRO_WITH_WELCOME10);
  await expect(billing.recurring).toHaveText('Recurring discount valid for 3 billing periods');
  await expect(billing.subscribeButton).toHaveText('Subscribe to Plan');
  await billing.subscribeButton.click();
  await new ShellPage(page).expectDashboard();
  await expect(billing.tilePlanName).toHaveText('Pro');
}

test.describe('billing', () => {
  test('a user who registers lands on /subscription-plans, picks Trial and reaches the dashboard', async ({
    page,
  }) => {
    const email = uniqueEmail('newcomer');
    await new LoginProviderPage(page).register('Nora Newcomer', email, 'a-strong-password');
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    const billing = new BillingPage(page);
    await billing.expectLoaded();
    // A manager gets the POS plans and the enterprise card, not the non-managers' toggle.
    await expect(billing.accessToggle).toHaveCount(0);
    await expect(billing.planCard('Pro')).toContainText('Most Popular');
    await expect(page.getByText('Contact Sales')).toBeVisible();
    await expect(billing.subscribeButton).toHaveText('Subscribe');
    await expectAccessible(page, 'the plans page of a user with no plan');

    // Without a plan every other page sends the user back here.
    await page.goto('/stations');
    await page.waitForURL((url) => url.pathname === '/subscription-plans');
    await billing.expectLoaded();

    await billing.choosePlan('Trial');
    await expect(billing.planAction('Trial')).toHaveText('Selected');
    await billing.subscribeButton.click();
    const shell = new ShellPage(page);
    await shell.expectDashboard();
    await expect(billing.tilePlanName).toHaveText('Trial');
    await expectAccessible(page, 'the dashboard with the My Plan tile');

    // The profile menu's My Plan opens the plans page, where Trial is the user's plan.
    const menu = await shell.openProfileMenu();
    await menu.getByRole('menuitem', { name: 'My Plan' }).click();
    await billing.expectLoaded();
    await expect(billing.planAction('Trial')).toHaveText('Your Plan');
    await expect(billing.subscribeButton).toHaveText('Update Subscription');
  });

  test('a manager adds the 4242 card through the card element and subscribes to Pro with WELCOME10', async ({
    page,
  }) => {
    const billing = await newManagerOnPlans(page, 'Paula Pro');
    await expect(billing.planAction('Trial')).toHaveText('Your Plan');

    await billing.openPaymentMethods();
    await expect(billing.savedCards).toHaveCount(0);
    await expectAccessible(page, 'the empty payment methods list with the card element');
    // The name on the card is required.
    await billing.addCardForm.getByRole('button', { name: 'Save card' }).click();
    await expect(billing.addCardForm).toContainText('Name on card field cannot be empty');
    await billing.addCard({ number: testCards.visa });
    await expect(billing.savedCard('4242')).toBeVisible();
    await expect(billing.savedCard('4242')).toContainText('Default');
    await expectAccessible(page, 'the payment methods list with a card');
    await billing.backToSubscribe();

    await subscribeToProWithWelcome10(page, billing);

    await billing.open();
    await expect(billing.planAction('Pro')).toHaveText('Your Plan');
    await expect(billing.planAction('Trial')).toHaveText('Downgrade to Free');
    // The discount already on the subscription (GET /promotion-code/active) and its total.
    await expect(billing.promoApplied).toContainText(promotionCodes.welcome);
    await expect(billing.total).toHaveText(PRO_WITH_WELCOME10);
    await expect(billing.subscribeButton).toHaveText('Update Subscription');
    await expectAccessible(page, 'the plans page of a Pro subscriber');

    const state = await planStateOf(page);
    expect(state.plan?.name).toBe('Pro');
    expect(state.isHavePaymentMethod).toBe(true);
    expect((await cardsOf(page)).map((card) => [card.last4, card.services])).toEqual([
      ['4242', ['Pro']],
    ]);
  });

  test("a declined card shows Stripe's message and nothing is stored", async ({ page }) => {
    const billing = await newManagerOnPlans(page, 'Dana Declined');
    await billing.openPaymentMethods();
    await billing.addCard({ number: testCards.declined });
    await expect(billing.addCardForm).toContainText('Your card was declined.');
    await expectAccessible(page, 'the add card form with a declined card');
    await expect(billing.savedCards).toHaveCount(0);
    expect(await cardsOf(page)).toEqual([]);
    expect((await planStateOf(page)).isHavePaymentMethod).toBe(false);

    // Paying needs a card: Pro cannot be subscribed to yet.
    await billing.backToSubscribe();
    await billing.choosePlan('Pro');
    await expect(
      billing.paymentForm.getByText('Add a payment method to subscribe to a paid plan.'),
    ).toBeVisible();
    await expect(billing.subscribeButton).toBeDisabled();
    expect((await planStateOf(page)).plan?.name).toBe('Trial');
  });

  test('a second card is added, the add form then hides, and the unused card is deleted after the confirm text', async ({
    page,
  }) => {
    const billing = await newManagerOnPlans(page, 'Carl Cards');
    await billing.openPaymentMethods();
    await billing.addCard({ number: testCards.visa });
    await expect(billing.savedCard('4242')).toBeVisible();
    await billing.addCard({ number: testCards.chargeDeclined, name: 'Carl Cards' });
    await expect(billing.savedCard('0341')).toBeVisible();
    await expect(billing.savedCards).toHaveCount(2);

    // Two is the most: the add form is gone.
    await expect(billing.addCardForm).toHaveCount(0);
    await expect(billing.cardLimit).toBeVisible();
    await expectAccessible(page, 'the payment methods list with two cards');

    await billing.savedCard('0341').getByRole('button', { name: 'Delete card' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'Are you sure you want to permanently delete this credit card?',
    );
    await expectAccessible(page, 'the delete card confirmation');
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await expect(billing.savedCard('0341')).toHaveCount(0);
    await expect(billing.savedCards).toHaveCount(1);
    await expect(billing.addCardForm).toBeVisible();
    expect((await cardsOf(page)).map((card) => card.last4)).toEqual(['4242']);
  });

  test('edit card shows the validation texts and saves the billing details', async ({ page }) => {
    const billing = await newManagerOnPlans(page, 'Eve Editor');
    await billing.openPaymentMethods();
    await billing.addCard({ number: testCards.visa, name: 'Eve Editor' });
    await expect(billing.savedCard('4242')).toBeVisible();

    const form = await billing.editCard('4242');
    for (const label of ['Name on Invoice', 'Address 1', 'City', 'State', 'Country']) {
      await form.getByLabel(label, { exact: true }).fill('');
    }
    await form.getByRole('button', { name: 'Save billing details' }).click();
    for (const text of [
      'Name on Invoice cannot be empty',
      'Address 1 field cannot be emptry',
      'City field cannot be emptry',
      'State field cannot be emptry',
      'Country field cannot be emptry',
    ]) {
      await expect(form.getByText(text, { exact: true })).toBeVisible();
    }
    // Address 2 is optional.
    await expect(form.getByText('Address 2 field cannot be emptry')).toHaveCount(0);
    await expectAccessible(page, 'the edit card form with its validation texts');

    await form.getByLabel('Name on Invoice').fill('Eve Editor Ltd');
    await form.getByLabel('Address 1', { exact: true }).fill('1 Market Street');
    await form.getByLabel('City').fill('Springfield');
    await form.getByLabel('State').fill('IL');
    await form.getByLabel('Country').fill('US');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await expect(billing.savedCard('4242')).toContainText('Eve Editor Ltd');
  });

  test("cancelling to free keeps Pro until the period ends: 'Expires Soon' and 'Plan set to end on …'", async ({
    page,
  }) => {
    const billing = await newManagerOnPlans(page, 'Fiona Free');
    await addVisa(billing);
    await subscribeToProWithWelcome10(page, billing);

    await billing.open();
    await expect(billing.planAction('Trial')).toHaveText('Downgrade to Free');
    await billing.choosePlan('Trial');
    await expect(billing.subscribeButton).toHaveText('Cancel');
    await billing.subscribeButton.click();
    await new ShellPage(page).expectDashboard();

    await billing.open();
    const pro = billing.planCard('Pro');
    await expect(pro.getByText('Expires Soon')).toBeVisible();
    await expect(pro.getByTestId('plan-ends-on')).toHaveText(/^Plan set to end on \S.*/);
    await expect(billing.planAction('Pro')).toHaveText('Your Plan');
    await expect(billing.planAction('Trial')).toHaveText('Pending Free Plan');
    await expect(billing.planAction('Trial')).toBeDisabled();
    await expectAccessible(page, 'the plans page with a plan set to end');
    const state = await planStateOf(page);
    expect(state.plan?.name).toBe('Pro');
    expect(state.plan?.cancelDate).toBeTruthy();
  });

  test('the cashier chooses between POS Plans and Shared Access', async ({ page }) => {
    await new ShellPage(page).signInAs('cashier');
    const billing = new BillingPage(page);
    await billing.open();
    const toggle = billing.accessToggle;
    const pos = toggle.getByRole('button', { name: 'POS Plans' });
    const shared = toggle.getByRole('button', { name: 'Shared Access' });
    await expect(pos).toBeVisible();
    await expect(shared).toBeVisible();
    await expectAccessible(page, "the cashier's plans page");

    await shared.click();
    await expect(shared).toHaveAttribute('aria-pressed', 'true');
    await expect(billing.planAction('Cashier')).toHaveText('Your Plan');
    await expect(billing.planCard('Pro')).toHaveCount(0);

    await pos.click();
    await expect(pos).toHaveAttribute('aria-pressed', 'true');
    await expect(billing.planCard('Pro')).toBeVisible();
    await expect(billing.planCard('Cashier')).toHaveCount(0);
    await expectAccessible(page, "the cashier's POS plans");
  });

  // The sandbox clock moves a month on here, renewing every subscription of this run.
  test('a Basics owner over the included orders sees the excess on My Plan and on the invoice', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await resetStore(stores.books.url);
    const billing = await newManagerOnPlans(page, 'Ezra Excess');
    await addVisa(billing);
    await billing.choosePlan('Basics');
    await billing.subscribeButton.click();
    const shell = new ShellPage(page);
    await shell.expectDashboard();
    await expect(billing.tilePlanName).toHaveText('Basics');

    // Demo Book Nook, connected with keys, sells 103 orders: 3 over the 100 Basics includes.
    const apps = new ApplicationsPage(page);
    await apps.create('Excess books', stores.books.url);
    const keys = await issueStoreKeys(stores.books.url);
    await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
    await expect(apps.status).toHaveText('Authorized');
    await StoreShopPage.placeOrders(stores.books.url, 103);
    await new PlanUsagePage(page).expectOrdersCounted(103);

    await page.goto('/');
    await shell.expectDashboard();
    const tile = billing.planUsage('tile');
    await expect(tile.orders).toHaveText('103');
    await expect(tile.included).toHaveText('100');
    await expect(tile.excess).toHaveText('3');
    await expect(tile.excessAmount).toHaveText('$0.15');
    await billing.open();
    const mine = billing.planUsage('page');
    await expect(mine.orders).toHaveText('103');
    await expect(mine.included).toHaveText('100');
    await expect(mine.excess).toHaveText('3');
    await expect(mine.excessAmount).toHaveText('$0.15');
    await expectAccessible(page, 'My Plan with excess orders');

    // The api reports each excess order to the meter (every few seconds); the period's end
    // bills them beside the plan's next month.
    const { email } = await apiAs<{ email: string }>(page, 'GET', '/user-data');
    const customers = await stripeApi<{ data: Array<{ id: string }> }>('GET', '/v1/customers', {
      email,
    });
    const customer = customers.data[0]!.id;
    const now = Math.floor(Date.now() / 1000);
    await expect
      .poll(
        async () => {
          const summaries = await stripeApi<{ data: Array<{ aggregated_value: number }> }>(
            'GET',
            '/v1/billing/meters/mtr_cloud_pos_excess_orders/event_summaries',
            { customer, start_time: String(now - 86_400), end_time: String(now + 3600) },
          );
          return summaries.data.reduce((sum, summary) => sum + summary.aggregated_value, 0);
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe(3);
    const renewal = await advancePaymentsClock(32);
    const invoice = renewal.invoices.find((made) => made.customer === customer);
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 1900 + 15 });

    await page.goto(invoice!.hosted_invoice_url);
    await expect(page.getByText('3 × Basics excess orders (at $0.05 each)')).toBeVisible();
    await expect(page.getByText('1 × Basics (at $19.00 / month)')).toBeVisible();
    await expect(page.getByRole('cell', { name: '$19.15' }).first()).toBeVisible();
    const pdf = await page.request.get(invoice!.invoice_pdf);
    const { text } = await pdfText(await pdf.body());
    // The PDF's standard font writes × as x.
    expect(text).toContain('3 x Basics excess orders (at $0.05 each) $0.15');
    expect(text).toContain('1 x Basics (at $19.00 / month) $19.00');
    await resetStore(stores.books.url);
  });

  // Last: the sandbox clock moves a month on, renewing every subscription of this run.
  test("a failed renewal shows 'Account Payment Overdue' with the invoice's link", async ({
    page,
  }) => {
    const billing = await newManagerOnPlans(page, 'Otto Overdue');
    await addVisa(billing);
    await subscribeToProWithWelcome10(page, billing);
    await expect(page.getByText('Account Payment Overdue')).toHaveCount(0);

    const renewal = await advancePaymentsClock(31, true);
    await expect
      .poll(async () => (await planStateOf(page)).plan?.pastDueInvoices.length ?? 0)
      .toBe(1);
    const [overdue] = (await planStateOf(page)).plan?.pastDueInvoices ?? [];
    const invoice = renewal.invoices.find((made) => made.number === overdue?.number);
    expect(invoice?.status).toBe('open');

    await page.reload();
    await new ShellPage(page).expectDashboard();
    const banner = page.getByTestId('banner-payment-overdue');
    await expect(banner).toContainText('Account Payment Overdue');
    const link = banner.getByRole('link', { name: new RegExp(`Pay invoice ${invoice?.number}`) });
    await expect(link).toHaveAttribute('href', invoice?.hosted_invoice_url ?? '');
    await expect(link).toHaveAttribute('target', '_blank');
    await expectAccessible(page, 'the dashboard with the overdue banner');

    // The hosted invoice page is the payments sandbox's.
    const hosted = await page.request.get(invoice?.hosted_invoice_url ?? '');
    expect(hosted.ok()).toBe(true);
  });
});
