import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  basicsPlan,
  createFakeBillingApi,
  fiveOff,
  proPlan,
  sampleCard,
  trialPlan,
  welcome10,
} from '../../fixtures';
import { billingTestIds } from '../../testIds';
import { installFakeStripe } from '../../testing/fakeStripe';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { PaymentForm } from './PaymentForm';

const ids = billingTestIds;
const stripe = installFakeStripe();

const visa = sampleCard();
const usedMastercard = sampleCard({
  id: 'pm_mc',
  brand: 'mastercard',
  last4: '5555',
  funding: 'debit',
  isDefaultPM: false,
  services: ['Pro'],
});
const spareDebit = sampleCard({
  id: 'pm_debit',
  brand: 'visa',
  last4: '1881',
  funding: 'debit',
  isDefaultPM: false,
});

beforeEach(() => {
  stripe.createCalls.length = 0;
  stripe.nextResult = { paymentMethod: { id: 'pm_new_card' } };
});

const promoInput = () => screen.findByRole('textbox', { name: 'Promo code' });
const apply = () => screen.getByTestId(ids.payment.promoApply);
const showMethods = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(await screen.findByTestId(ids.payment.toMethods));
const savedCards = () => screen.findAllByTestId(ids.cards.card);
const savedCard = async (last4: string) =>
  (await savedCards()).find((card) => card.getAttribute('data-last4') === last4)!;

describe('PaymentForm: promo codes', () => {
  it('keeps Apply disabled while the code is empty or blank', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    await promoInput();
    expect(apply()).toBeDisabled();
    await user.type(await promoInput(), '   ');
    expect(apply()).toBeDisabled();
    await user.type(await promoInput(), 'W');
    expect(apply()).toBeEnabled();
  });

  it("applies a trimmed percent code: the discount, 'Total due now' and its billing periods", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: trialPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    expect(await screen.findByTestId(ids.payment.total)).toHaveTextContent(/^\$79$/);
    expect(screen.getByText('Total due now')).toBeInTheDocument();
    await user.type(await promoInput(), '  WELCOME10  ');
    await user.click(apply());
    expect(await screen.findByTestId(ids.payment.promoApplied)).toHaveTextContent('WELCOME10-10%');
    expect(requests.find((request) => request.url === 'promotion-code')?.body).toEqual({
      promoCode: 'WELCOME10',
      planId: 'plan_pro',
    });
    expect(screen.getByTestId(ids.payment.total)).toHaveTextContent(/^\$71\.10$/);
    expect(screen.getByTestId(ids.payment.recurring)).toHaveTextContent(
      'Recurring discount valid for 3 billing periods',
    );
    await user.click(screen.getByTestId(ids.payment.subscribe));
    expect(requests.find((request) => request.url === 'subscription')?.body).toEqual({
      planId: 'plan_pro',
      promoCodeId: 'promo_welcome10',
    });
  });

  it('takes a fixed discount off once, without the recurring line', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    await user.type(await promoInput(), 'FIVEOFF');
    await user.click(apply());
    expect(await screen.findByTestId(ids.payment.promoApplied)).toHaveTextContent('-$5');
    expect(screen.getByTestId(ids.payment.total)).toHaveTextContent(/^\$74$/);
    expect(screen.queryByTestId(ids.payment.recurring)).not.toBeInTheDocument();
  });

  it('never takes the total below $0', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      cards: [visa],
      promoCodes: [{ ...fiveOff, code: 'BIGOFF', value: 25 }],
    });
    renderWithParcel(<PaymentForm plan={basicsPlan} currentPlan={trialPlan} />, { api });
    await user.type(await promoInput(), 'BIGOFF');
    await user.click(apply());
    await screen.findByTestId(ids.payment.promoApplied);
    expect(screen.getByTestId(ids.payment.total)).toHaveTextContent(/^\$0$/);
  });

  it("shows the api's message for a code it cannot use", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    await user.type(await promoInput(), 'NOPE');
    await user.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code is not valid.');
    expect(screen.getByTestId(ids.payment.total)).toHaveTextContent(/^\$79$/);
  });

  it('disables Apply while verifying, and says so when verifying fails', async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number }) => void = () => undefined;
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      cards: [visa],
      overrides: ({ url }) =>
        url === 'promotion-code' ? new Promise((resolve) => (answer = resolve)) : undefined,
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    await user.type(await promoInput(), 'WELCOME10');
    await user.click(apply());
    expect(apply()).toHaveAttribute('aria-disabled', 'true');
    await act(async () => answer({ status: 503 }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'An error occurred while verifying the promo code.\nPlease try again later',
    );
  });

  it('shows the discount already on the subscription of the plan', async () => {
    const { api, requests } = createFakeBillingApi({
      plan: proPlan,
      cards: [visa],
      activePromo: welcome10,
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    expect(await screen.findByTestId(ids.payment.promoApplied)).toHaveTextContent('WELCOME10');
    expect(screen.getByTestId(ids.payment.total)).toHaveTextContent(/^\$71\.10$/);
    expect(requests.find((request) => request.url === 'promotion-code/active')?.params).toEqual({
      planId: 'plan_pro',
    });
  });

  it('asks nothing about promo codes for a free plan', async () => {
    const { api, requests } = createFakeBillingApi({ plan: proPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={trialPlan} currentPlan={proPlan} />, { api });
    expect(await screen.findByTestId(ids.payment.total)).toHaveTextContent(/^\$0$/);
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.startsWith('promotion-code'))).toBe(false);
  });
});

describe('PaymentForm: payment methods', () => {
  it("switches between the subscribe view and the 'Payment Methods' list", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    await showMethods(user);
    expect(screen.getByRole('heading', { name: 'Payment Methods' })).toBeInTheDocument();
    expect(screen.queryByTestId(ids.payment.subscribe)).not.toBeInTheDocument();
    await user.click(screen.getByTestId(ids.payment.toSubscribe));
    expect(await screen.findByTestId(ids.payment.subscribe)).toBeInTheDocument();
  });

  it('marks the default card and lets only an unused card be deleted', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: proPlan, cards: [visa, usedMastercard] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    await showMethods(user);
    const first = within(await savedCard('4242'));
    expect(first.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(first.getByTestId(ids.cards.defaultBadge)).toHaveTextContent('Default');
    const used = within(await savedCard('5555'));
    expect(used.queryByTestId(ids.cards.defaultBadge)).not.toBeInTheDocument();
    expect(used.getByText('Used by Pro')).toBeInTheDocument();
    expect(used.queryByRole('button', { name: 'Delete card' })).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete card' })).toBeInTheDocument();
  });

  it('hides the add form at 2 cards and says why', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: proPlan, cards: [visa, spareDebit] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    await showMethods(user);
    await savedCards();
    expect(screen.queryByTestId(ids.cards.addForm)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.cards.limit)).toHaveTextContent(
      'You can save at most 2 cards. Delete one to add another.',
    );
  });

  it('deletes a card after the confirm text naming its funding', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: proPlan, cards: [visa, spareDebit] });
    const { bus } = renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    const changes: unknown[] = [];
    bus.on('plan-changed', (payload) => changes.push(payload));
    await showMethods(user);
    await user.click(within(await savedCard('1881')).getByRole('button', { name: 'Delete card' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText('Are you sure you want to permanently delete this debit card?'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(await savedCard('1881')).getByRole('button', { name: 'Delete card' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete card' }),
    );
    await waitFor(() => expect(screen.getAllByTestId(ids.cards.card)).toHaveLength(1));
    expect(requests.find((request) => request.method === 'DELETE')?.url).toBe(
      'payment-methods/pm_debit',
    );
    expect(changes).toHaveLength(1);
    expect(await screen.findByTestId(ids.cards.addForm)).toBeInTheDocument();
  });

  it('says so when deleting fails', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: proPlan,
      cards: [visa, spareDebit],
      overrides: ({ method }) => (method === 'DELETE' ? { status: 500 } : undefined),
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    await showMethods(user);
    await user.click(within(await savedCard('1881')).getByRole('button', { name: 'Delete card' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete card' }),
    );
    expect((await screen.findByTestId(ids.cards.error)).textContent).toBe(
      'An error occurred while deleting payment method.\nPlease try again later',
    );
    expect(screen.getAllByTestId(ids.cards.card)).toHaveLength(2);
  });

  it('makes another card the default, and says so when updating fails', async () => {
    const user = userEvent.setup();
    let failing = false;
    const { api } = createFakeBillingApi({
      plan: proPlan,
      cards: [visa, spareDebit],
      overrides: ({ method }) => (method === 'PUT' && failing ? { status: 500 } : undefined),
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    await showMethods(user);
    await user.click(within(await savedCard('1881')).getByRole('button', { name: 'Make default' }));
    await waitFor(async () =>
      expect(
        within(await savedCard('1881')).getByTestId(ids.cards.defaultBadge),
      ).toBeInTheDocument(),
    );
    expect(within(await savedCard('4242')).queryByTestId(ids.cards.defaultBadge)).toBeNull();
    failing = true;
    await user.click(within(await savedCard('4242')).getByRole('button', { name: 'Make default' }));
    expect((await screen.findByTestId(ids.cards.error)).textContent).toBe(
      'An error occurred while updating payment method.\nPlease try again later',
    );
  });

  it('says so when the cards cannot be received', async () => {
    const { api } = createFakeBillingApi({
      plan: proPlan,
      overrides: ({ url }) => (url === 'payment-methods' ? { status: 500 } : undefined),
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    const error = await screen.findByTestId(ids.cards.error);
    // The exact text, newline included; pre-line shows it as a line break.
    const message = within(error).getByText(
      'An error occurred while receiving payment methods.\nPlease try again later',
      { normalizer: (text) => text },
    );
    expect(message.textContent).toBe(
      'An error occurred while receiving payment methods.\nPlease try again later',
    );
    expect(message).toHaveClass('pos-payment__pre');
  });
});

describe('PaymentForm: edit card', () => {
  const openEdit = async (user: ReturnType<typeof userEvent.setup>) => {
    await showMethods(user);
    await user.click(within(await savedCard('4242')).getByRole('button', { name: 'Edit card' }));
    return screen.findByTestId(ids.cards.editForm);
  };

  it("shows the spec's validation texts, character for character, and keeps Address 2 optional", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: proPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    const form = within(await openEdit(user));
    expect(screen.getByRole('heading', { name: 'Edit card' })).toBeInTheDocument();
    for (const label of ['Name on Invoice', 'Address 1', 'City', 'State', 'Country']) {
      await user.clear(form.getByRole('textbox', { name: label }));
    }
    await user.click(form.getByRole('button', { name: 'Save billing details' }));
    expect(form.getByText('Name on Invoice cannot be empty')).toBeInTheDocument();
    expect(form.getByText('Address 1 field cannot be emptry')).toBeInTheDocument();
    expect(form.getByText('City field cannot be emptry')).toBeInTheDocument();
    expect(form.getByText('State field cannot be emptry')).toBeInTheDocument();
    expect(form.getByText('Country field cannot be emptry')).toBeInTheDocument();
    expect(form.queryByText('Address 2 field cannot be emptry')).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('saves the billing details and goes back to the list', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: proPlan, cards: [visa] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    const form = within(await openEdit(user));
    await user.clear(form.getByRole('textbox', { name: 'Name on Invoice' }));
    await user.type(form.getByRole('textbox', { name: 'Name on Invoice' }), ' Demo Coffee LLC ');
    await user.click(form.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(screen.queryByTestId(ids.cards.editForm)).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      paymentMethodId: 'pm_visa',
      billingDetails: {
        name: 'Demo Coffee LLC',
        address: { line1: '1 Roastery Lane', city: 'Portland', state: 'OR', country: 'US' },
      },
    });
    expect(within(await savedCard('4242')).getByText(/Demo Coffee LLC/)).toBeInTheDocument();
  });

  it('says so when updating fails, and goes back without saving', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({
      plan: proPlan,
      cards: [visa],
      overrides: ({ method }) => (method === 'PUT' ? { status: 502 } : undefined),
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, { api });
    const form = within(await openEdit(user));
    await user.click(form.getByRole('button', { name: 'Save billing details' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'An error occurred while updating payment method.\nPlease try again later',
    );
    await user.click(form.getByRole('button', { name: 'Back to cards' }));
    expect(await screen.findByTestId(ids.cards.list)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Methods' })).toBeInTheDocument();
  });
});

describe('PaymentForm: new card through Stripe', () => {
  it("asks for the name on the card first: 'Name on card field cannot be empty'", async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    const form = within(await screen.findByTestId(ids.cards.addForm));
    await user.click(form.getByRole('button', { name: 'Save card' }));
    expect(form.getByText('Name on card field cannot be empty')).toBeInTheDocument();
    expect(stripe.createCalls).toEqual([]);
  });

  it('needs a card for a paid plan: Stripe makes the pm_, the api attaches it, then subscribe is on', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeBillingApi({ plan: trialPlan });
    const { bus } = renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, {
      api,
    });
    const changes: unknown[] = [];
    bus.on('plan-changed', (payload) => changes.push(payload));
    expect(
      await screen.findByText('Add a payment method to subscribe to a paid plan.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId(ids.payment.subscribe)).toBeDisabled();
    const form = within(await screen.findByTestId(ids.cards.addForm));
    expect(stripe.keys).toContain('pk_test_parcel');
    await user.type(form.getByRole('textbox', { name: 'Name on card' }), ' Maya Manager ');
    await user.click(form.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByTestId(ids.payment.subscribe)).toBeEnabled());
    expect(stripe.createCalls).toEqual([
      { type: 'card', billing_details: { name: 'Maya Manager' } },
    ]);
    expect(requests.find((request) => request.url === 'payment-method')?.body).toEqual({
      paymentMethodId: 'pm_new_card',
    });
    expect(screen.getByText('Paid with Mastercard •••• 4444')).toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it("shows Stripe's own message for a card it refuses, and asks the api nothing", async () => {
    const user = userEvent.setup();
    stripe.nextResult = { error: { type: 'card_error', message: 'Your card was declined.' } };
    const { api, requests } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    const form = within(await screen.findByTestId(ids.cards.addForm));
    await user.type(form.getByRole('textbox', { name: 'Name on card' }), 'Maya Manager');
    await user.click(form.getByRole('button', { name: 'Save card' }));
    expect(await form.findByText('Your card was declined.')).toBeInTheDocument();
    expect(requests.some((request) => request.url === 'payment-method')).toBe(false);
  });

  it("shows the card element's own message while the card is typed", async () => {
    const { api } = createFakeBillingApi({ plan: trialPlan });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    await screen.findByTestId(ids.cards.addForm);
    act(() =>
      stripe.card().emit('change', {
        complete: false,
        empty: false,
        error: { type: 'validation_error', message: 'Your card number is incomplete.' },
      }),
    );
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
  });

  it("shows the api's words for a refused card and the spec's text for a failed attach", async () => {
    const user = userEvent.setup();
    let answer = { status: 400, data: { message: 'Your card has insufficient funds.' } };
    const { api } = createFakeBillingApi({
      plan: trialPlan,
      overrides: ({ url, method }) =>
        url === 'payment-method' && method === 'POST' ? answer : undefined,
    });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={trialPlan} />, { api });
    const form = within(await screen.findByTestId(ids.cards.addForm));
    await user.type(form.getByRole('textbox', { name: 'Name on card' }), 'Maya Manager');
    await user.click(form.getByRole('button', { name: 'Save card' }));
    expect(await form.findByText('Your card has insufficient funds.')).toBeInTheDocument();
    answer = { status: 500, data: { message: 'Internal Server Error' } };
    await user.click(form.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe(
        'An error occurred while attaching payment method.\nPlease try again later',
      ),
    );
  });
});

describe('PaymentForm: a paused account', () => {
  it('shows the saved cards without the means to change them', async () => {
    const user = userEvent.setup();
    const { api } = createFakeBillingApi({ plan: proPlan, cards: [visa, spareDebit] });
    renderWithParcel(<PaymentForm plan={proPlan} currentPlan={proPlan} />, {
      api,
      viewer: { isBanned: true },
    });
    expect(await screen.findByTestId(ids.payment.subscribe)).toBeDisabled();
    await showMethods(user);
    expect(await savedCards()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Edit card|Delete card|Make default/ })).toBeNull();
    expect(screen.queryByTestId(ids.cards.addForm)).not.toBeInTheDocument();
    expect(screen.getByText('Unavailable while the account is paused')).toBeInTheDocument();
  });
});
