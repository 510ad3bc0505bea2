import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  basicsPlan,
  cashierPlan,
  createFakeBillingApi,
  proPlan,
  sampleCard,
  trialPlan,
} from '../../fixtures';
import { billingTestIds } from '../../testIds';
import { installFakeStripe } from '../../testing/fakeStripe';
import { TEST_SALES_EMAIL, cashierViewer } from '@pos/shared/testing';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { SubscriptionPlans } from './SubscriptionPlans';

const ids = billingTestIds;

installFakeStripe();

const planCard = async (name: string) => {
  const cards = await screen.findAllByTestId(ids.plans.card);
  const card = cards.find((candidate) => candidate.getAttribute('data-plan') === name);
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};
const cardAction = async (name: string) =>
  within(await planCard(name)).getByTestId(ids.plans.cardAction);
const subscribeButton = () => screen.findByTestId(ids.payment.subscribe);
const location = () => screen.getByTestId('location').textContent;

describe('SubscriptionPlans', () => {
  it("shows the viewer's paid plan's orders this period and the excess billed so far", async () => {
    const { api } = createFakeBillingApi({
      plan: basicsPlan,
      usage: {
        orders: 1234,
        limit: 1000,
        period: 'month',
        reached: true,
        included: 100,
        excess: 1134,
        excessAmount: 56.7,
      },
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    const usage = await screen.findByRole('region', { name: 'This period' });
    expect(within(usage).getByTestId(ids.usage.orders)).toHaveTextContent('1,234');
    expect(within(usage).getByTestId(ids.usage.included)).toHaveTextContent('100');
    expect(within(usage).getByTestId(ids.usage.excess)).toHaveTextContent('1,134');
    expect(within(usage).getByTestId(ids.usage.excessAmount)).toHaveTextContent('$56.70');
  });

  it('shows a manager the manager plans, their badges and the enterprise card, without the toggle', async () => {
    const { api } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Subscribe to a plan' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading plans')).toBeInTheDocument();
    const cards = await screen.findAllByTestId(ids.plans.card);
    expect(cards.map((card) => card.getAttribute('data-plan'))).toEqual([
      'Trial',
      'Basics',
      'Cloud POS',
      'Plus',
      'Pro',
      'Private',
    ]);
    expect(screen.queryByTestId(ids.plans.accessToggle)).not.toBeInTheDocument();
    expect(within(await planCard('Pro')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(await planCard('Private')).getByText('Plan Just for You')).toBeInTheDocument();
    const trial = within(await planCard('Trial'));
    expect(trial.getByText('You get 50 orders free')).toBeInTheDocument();
    expect(trial.getByText('Service pauses on limit cap')).toBeInTheDocument();
    expect(trial.getByTestId(ids.plans.cardPrice)).toHaveTextContent('$0/month');
    const pro = within(await planCard('Pro'));
    expect(pro.getByTestId(ids.plans.cardPrice)).toHaveTextContent('$79/month');
    expect(pro.getByText('24/7 priority support')).toBeInTheDocument();
    expect(pro.getByText('+$0.03 each cloud POS order')).toBeInTheDocument();
    expect(pro.getByText('Unlimited')).toBeInTheDocument();
    const enterprise = within(screen.getByTestId(ids.plans.enterprise));
    for (const feature of [
      'Credit based usage plans',
      'High-volume usage discounts',
      'Large agency account usage',
      'Enterprise level account usage',
    ]) {
      expect(enterprise.getByText(feature)).toBeInTheDocument();
    }
    // The sales address of /config.json, not a fixed one.
    expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      `mailto:${TEST_SALES_EMAIL}?subject=Enterprise%20plan`,
    );
  });

  it("opens the configured sales address from 'Contact Sales', and offers none without one", async () => {
    const { api } = createFakeBillingApi({ plan: trialPlan });
    const first = renderWithParcel(<SubscriptionPlans />, {
      api,
      salesEmail: 'deals@pos.example',
    });
    const enterprise = within(await screen.findByTestId(ids.plans.enterprise));
    expect(enterprise.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      'mailto:deals@pos.example?subject=Enterprise%20plan',
    );
    first.unmount();
    renderWithParcel(<SubscriptionPlans />, { api, salesEmail: '' });
    const bare = within(await screen.findByTestId(ids.plans.enterprise));
    expect(bare.queryByRole('link', { name: 'Contact Sales' })).not.toBeInTheDocument();
  });

  it("marks the viewer's plan 'Your Plan', a chosen one 'Selected' and the rest 'Select'", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(await cardAction('Trial')).toHaveTextContent('Your Plan');
    expect(await cardAction('Pro')).toHaveTextContent('Select');
    await user.click(await cardAction('Pro'));
    expect(await cardAction('Pro')).toHaveTextContent('Selected');
    expect(await cardAction('Pro')).toHaveAttribute('aria-pressed', 'true');
    expect(await cardAction('Basics')).toHaveTextContent('Select');
    expect(await cardAction('Trial')).toHaveTextContent('Your Plan');
  });

  it("says 'Subscribe' to a viewer without a plan, and waits for a plan to be chosen", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: null, cards: [sampleCard()] });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(await subscribeButton()).toHaveTextContent(/^Subscribe$/);
    expect(await subscribeButton()).toBeDisabled();
    expect(screen.getByText('Choose a plan above to see what is due now.')).toBeInTheDocument();
    await user.click(await cardAction('Basics'));
    expect(await subscribeButton()).toHaveTextContent(/^Subscribe$/);
    expect(await subscribeButton()).toBeEnabled();
  });

  it('leaves for the dashboard only once the first plan can be read back', async () => {
    const user = userEvent.setup();
    // Once subscribed, the plan reads wait: the shell's no-plan guard needs the new plan first.
    let subscribed = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api } = createFakeBillingApi({
      plan: null,
      cards: [sampleCard()],
      overrides: async ({ url }) => {
        if (url === 'subscription') subscribed = true;
        if (url === 'subscription-monitor' && subscribed) await held;
        return undefined;
      },
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    await user.click(await cardAction('Basics'));
    await user.click(await subscribeButton());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(location()).toBe('/subscription-plans');
    await act(async () => release());
    await waitFor(() => expect(location()).toBe('/'));
  });

  it("says 'Update Subscription' for the viewer's own plan and 'Subscribe to Plan' for another", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: proPlan, cards: [sampleCard()] });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(await subscribeButton()).toHaveTextContent('Update Subscription');
    await user.click(await cardAction('Plus'));
    expect(await subscribeButton()).toHaveTextContent('Subscribe to Plan');
  });

  it('subscribes with the default card, tells the shell the plan changed and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: trialPlan, cards: [sampleCard()] });
    const { bus, bubbles } = renderWithParcel(<SubscriptionPlans />, { api });
    const changes: unknown[] = [];
    bus.on('plan-changed', (payload) => changes.push(payload));
    await user.click(await cardAction('Pro'));
    expect(screen.getByText('Paid with Visa •••• 4242')).toBeInTheDocument();
    await user.click(await subscribeButton());
    expect(requests.find((request) => request.url === 'subscription')?.body).toEqual({
      planId: 'plan_pro',
      promoCodeId: null,
    });
    await waitFor(() => expect(location()).toBe('/'));
    expect(changes).toHaveLength(1);
    expect(bubbles).toContainEqual({ message: 'Your plan was updated.', status: 'success' });
  });

  it("offers a manager on a paid plan 'Downgrade to Free', whose button says 'Cancel'", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: proPlan, cards: [sampleCard()] });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(await cardAction('Trial')).toHaveTextContent('Downgrade to Free');
    await user.click(await cardAction('Trial'));
    expect(await subscribeButton()).toHaveTextContent(/^Cancel$/);
    await user.click(await subscribeButton());
    expect(requests.find((request) => request.url === 'subscription')?.body).toEqual({
      planId: 'plan_trial',
      promoCodeId: null,
    });
  });

  it("shows a plan set to end: 'Expires Soon', its date with the Trial tooltip, and 'Pending Free Plan'", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: { ...proPlan, cancelDate: '2026-12-25T12:00:00.000Z' },
      cards: [sampleCard()],
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    const pro = within(await planCard('Pro'));
    expect(pro.getByTestId(ids.plans.expiresSoon)).toHaveTextContent('Expires Soon');
    expect(pro.getByTestId(ids.plans.endsOn)).toHaveTextContent(
      'Plan set to end on December 25, 2026',
    );
    await user.hover(pro.getByRole('button', { name: 'What happens then' }));
    expect(pro.getByRole('tooltip')).toHaveTextContent(
      'After the subscription ends, you will be moved to the Trial plan.',
    );
    expect(await cardAction('Trial')).toHaveTextContent('Pending Free Plan');
    expect(await cardAction('Trial')).toBeDisabled();
  });

  it("says 'something wrong' when the subscription did not go through", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      cards: [sampleCard()],
      overrides: ({ url }) =>
        url === 'subscription'
          ? { status: 200, data: { subStatus: 'incomplete', plan: proPlan } }
          : undefined,
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    await user.click(await cardAction('Pro'));
    await user.click(await subscribeButton());
    expect(await screen.findByTestId(ids.payment.subscribeError)).toHaveTextContent(
      /^something wrong$/,
    );
    expect(location()).toBe('/subscription-plans');
  });

  it("says 'something wrong' for a server failure and Stripe's words for a declined charge", async () => {
    const user = userEvent.setup();
    let answer = { status: 500, data: { message: 'Internal Server Error' } };
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      cards: [sampleCard()],
      overrides: ({ url }) => (url === 'subscription' ? answer : undefined),
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    await user.click(await cardAction('Pro'));
    await user.click(await subscribeButton());
    expect(await screen.findByTestId(ids.payment.subscribeError)).toHaveTextContent(
      /^something wrong$/,
    );
    answer = { status: 400, data: { message: 'Your card was declined.' } };
    await user.click(await subscribeButton());
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
  });

  it("keeps the spec's 'something wrong' for a declined card, with the card provider's reason beside it", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      cards: [sampleCard()],
      overrides: ({ url }) =>
        url === 'subscription'
          ? {
              status: 400,
              data: { code: 'ERR_CARD', message: 'Your card has insufficient funds.' },
            }
          : undefined,
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    await user.click(await cardAction('Pro'));
    await user.click(await subscribeButton());
    const error = await screen.findByTestId(ids.payment.subscribeError);
    expect(error).toHaveTextContent(/^something wrong Your card has insufficient funds\.$/);
    expect(within(error).getByTestId(ids.payment.subscribeReason)).toHaveTextContent(
      'Your card has insufficient funds.',
    );
    expect(location()).toBe('/subscription-plans');
  });

  it('does not let a banned account subscribe', async () => {
    const { api } = createFakeBillingApi({ plan: proPlan, cards: [sampleCard()] });
    renderWithParcel(<SubscriptionPlans />, { api, viewer: { isBanned: true } });
    expect(await subscribeButton()).toBeDisabled();
    expect(await cardAction('Plus')).toBeDisabled();
  });

  it("gives a cashier the 'POS Plans' / 'Shared Access' toggle, on shared access first", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: cashierPlan });
    renderWithParcel(<SubscriptionPlans />, { api, viewer: cashierViewer });
    const toggle = within(await screen.findByTestId(ids.plans.accessToggle));
    expect(toggle.getByRole('button', { name: 'Shared Access' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      (await screen.findAllByTestId(ids.plans.card)).map((card) => card.getAttribute('data-plan')),
    ).toEqual(['Cashier']);
    expect(await cardAction('Cashier')).toHaveTextContent('Your Plan');
    await user.click(toggle.getByRole('button', { name: 'POS Plans' }));
    expect(await screen.findAllByTestId(ids.plans.card)).toHaveLength(6);
    expect(await cardAction('Trial')).toHaveTextContent('Select');
  });

  it('warns a cashier before a POS plan makes them a manager, and subscribes only once confirmed', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: cashierPlan });
    renderWithParcel(<SubscriptionPlans />, { api, viewer: cashierViewer });
    await user.click(
      within(await screen.findByTestId(ids.plans.accessToggle)).getByRole('button', {
        name: 'POS Plans',
      }),
    );
    await user.click(await cardAction('Trial'));
    expect(await subscribeButton()).toHaveTextContent('Subscribe to Plan');
    await user.click(await subscribeButton());
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'Changing from a POS-only user account to a manager account cannot be reversed.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.url === 'subscription')).toBe(false);
    await user.click(await subscribeButton());
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Change account' }),
    );
    expect(requests.find((request) => request.url === 'subscription')?.body).toEqual({
      planId: 'plan_trial',
      promoCodeId: null,
    });
  });

  it("shows the server's error when the plans cannot be loaded, and retries", async () => {
    const user = userEvent.setup();
    let failing = true;
    const { api } = createFakeBillingApi({
      overrides: ({ url }) =>
        url === 'subscription-plans' && failing
          ? { status: 500, data: { message: 'Database unavailable' } }
          : undefined,
    });
    renderWithParcel(<SubscriptionPlans />, { api });
    expect(await screen.findByTestId(ids.plans.error)).toHaveTextContent('Database unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId(ids.plans.card)).toHaveLength(6);
  });
});
