import { createHash } from 'node:crypto';
import type { Operation } from './billing';
import { emit, setupOutcome } from './billing';
import type { CardBehaviour } from './catalog';
import { TEST_CARDS } from './catalog';
import { cardBrand, cvcProblem, expiryProblem, numberProblem } from './cardRules';
import { StripeApiError, cardDeclined, invalidRequest, newId, noSuch } from './errors';
import type { BillingDetails, PaymentMethod, SetupIntent } from './model';
import type { Params } from './params';
import { allowOnly, bool, hash, int, metadata, str } from './params';

/** Who is calling: the secret key (the api) or a publishable key (Stripe.js in a browser). */
export type KeyKind = 'secret' | 'publishable';

function emptyAddress() {
  return { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
}

/** `billing_details[...]` merged into `current`; an empty string clears a field. */
export function billingDetails(params: Params, current?: BillingDetails): BillingDetails {
  const next: BillingDetails = current
    ? structuredClone(current)
    : { address: emptyAddress(), email: null, name: null, phone: null };
  const raw = hash(params, 'billing_details');
  if (!raw) return next;
  allowOnly(raw, ['address', 'email', 'name', 'phone'], 'billing_details[');
  for (const field of ['email', 'name', 'phone'] as const) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'string')
      throw invalidRequest('Invalid string', `billing_details[${field}]`);
    next[field] = value === '' ? null : value;
  }
  if (field(raw, 'email') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(next.email ?? '')) {
    throw invalidRequest(
      'Invalid email address: ' + next.email,
      'billing_details[email]',
      'email_invalid',
    );
  }
  const address = hash(raw, 'address', 'billing_details[address]');
  if (address) {
    const keys = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const;
    allowOnly(address, keys, 'billing_details[address][');
    for (const key of keys) {
      const value = address[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        throw invalidRequest('Invalid string', `billing_details[address][${key}]`);
      }
      next.address[key] = value === '' ? null : value;
    }
  }
  return next;
}

function field(raw: Params, name: string): boolean {
  return typeof raw[name] === 'string' && raw[name] !== '';
}

interface CardFacts {
  number: string;
  expMonth: number;
  expYear: number;
  cvcChecked: boolean;
}

/** The test card a number stands for: its behaviour (unknown valid numbers succeed). */
function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS.find((card) => card.number === number)?.behaviour ?? 'succeeds';
}

function cardFromParams(op: Operation, card: Params, key: KeyKind): CardFacts {
  const token = str(card, 'token', false, 'card[token]');
  if (token) {
    allowOnly(card, ['token'], 'card[');
    const test = TEST_CARDS.find((candidate) => candidate.tokens.includes(token));
    if (!test) throw noSuch('token', token, 'card[token]');
    const year = new Date(op.now * 1000).getUTCFullYear() + 3;
    return { number: test.number, expMonth: 12, expYear: year, cvcChecked: false };
  }
  allowOnly(card, ['number', 'exp_month', 'exp_year', 'cvc'], 'card[');
  if (key === 'secret') {
    // Stripe refuses raw numbers from servers unless the account is enabled for it; the api
    // must never see card data, so the sandbox keeps the refusal.
    throw new StripeApiError(402, {
      type: 'invalid_request_error',
      message:
        'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing.',
      param: 'card[number]',
    });
  }
  const number = str(card, 'number', true, 'card[number]').replace(/\s+/g, '');
  const expMonth = int(card, 'exp_month', { required: true }, 'card[exp_month]')!;
  const expYear = int(card, 'exp_year', { required: true }, 'card[exp_year]')!;
  const cvc = str(card, 'cvc', false, 'card[cvc]');
  if (numberProblem(number)) {
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'invalid_number',
      message: 'Your card number is invalid.',
      param: 'card[number]',
    });
  }
  const expiry = expiryProblem(expMonth, expYear, new Date(op.now * 1000));
  if (expiry) {
    const month =
      expiry.code === 'invalid_expiry_month_past' || expiry.code === 'incomplete_expiry';
    throw new StripeApiError(402, {
      type: 'card_error',
      code: month ? 'invalid_expiry_month' : 'invalid_expiry_year',
      message: month
        ? "Your card's expiration month is invalid."
        : "Your card's expiration year is invalid.",
      param: month ? 'card[exp_month]' : 'card[exp_year]',
    });
  }
  if (cvc !== undefined && cvcProblem(cvc, cardBrand(number))) {
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
      param: 'card[cvc]',
    });
  }
  return {
    number,
    expMonth,
    expYear: expYear < 100 ? 2000 + expYear : expYear,
    cvcChecked: cvc !== undefined,
  };
}

/** Stores a new card PaymentMethod; the number itself is kept only as its last 4 and behaviour. */
function storeCard(
  op: Operation,
  facts: CardFacts,
  details: BillingDetails,
  meta: Record<string, string>,
): PaymentMethod {
  const brand = cardBrand(facts.number);
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: details,
    card: {
      brand,
      checks: {
        address_line1_check: details.address.line1 ? 'pass' : null,
        address_postal_code_check: details.address.postal_code ? 'pass' : null,
        cvc_check: facts.cvcChecked ? 'pass' : null,
      },
      country: 'US',
      display_brand: brand,
      exp_month: facts.expMonth,
      exp_year: facts.expYear,
      fingerprint: createHash('sha256').update(facts.number).digest('base64url').slice(0, 16),
      funding: 'credit',
      generated_from: null,
      last4: facts.number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: op.now,
    customer: null,
    livemode: false,
    metadata: meta,
    type: 'card',
  };
  op.data.paymentMethods[method.id] = method;
  op.data.cardBehaviours[method.id] = behaviourOf(facts.number);
  return method;
}

/** `POST /v1/payment_methods`: a card from a test token, or (Stripe.js) from the typed card. */
export function createPaymentMethod(op: Operation, params: Params, key: KeyKind): PaymentMethod {
  allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'customer', 'payment_method']);
  const type = str(params, 'type', true);
  if (type !== 'card') {
    throw invalidRequest(`The sandbox supports payment methods of type card only.`, 'type');
  }
  const card = hash(params, 'card');
  if (!card) throw invalidRequest('Missing required param: card.', 'card', 'parameter_missing');
  return storeCard(op, cardFromParams(op, card, key), billingDetails(params), metadata(params));
}

/**
 * A PaymentMethod id to use: Stripe's test ids (`pm_card_visa`) make a fresh card each time,
 * as they do on Stripe; other ids must exist.
 */
export function materializePaymentMethod(
  op: Operation,
  id: string,
  param: string,
  _customerId?: string,
): string {
  const test = TEST_CARDS.find((card) => card.paymentMethods.includes(id));
  if (test) {
    const year = new Date(op.now * 1000).getUTCFullYear() + 3;
    const method = storeCard(
      op,
      { number: test.number, expMonth: 12, expYear: year, cvcChecked: false },
      billingDetails({}),
      {},
    );
    return method.id;
  }
  if (!op.data.paymentMethods[id]) throw noSuch('PaymentMethod', id, param);
  return id;
}

/** Checks the card with its issuer as saving it does; a refusal is Stripe's 402 card error. */
function checkCardForSetup(op: Operation, method: PaymentMethod): void {
  const reason = setupOutcome(op, method.id);
  if (reason) throw cardDeclined(reason);
}

/** `POST /v1/payment_methods/{id}/attach`: the card is checked, then saved on the customer. */
export function attachPaymentMethod(op: Operation, id: string, params: Params): PaymentMethod {
  allowOnly(params, ['customer']);
  const customerId = str(params, 'customer', true);
  const methodId = materializePaymentMethod(op, id, 'payment_method');
  const method = op.data.paymentMethods[methodId]!;
  if (!op.data.customers[customerId]) throw noSuch('customer', customerId, 'customer');
  if (method.customer && method.customer !== customerId) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      undefined,
      'payment_method_unexpected_state',
    );
  }
  checkCardForSetup(op, method);
  if (method.customer !== customerId) {
    method.customer = customerId;
    emit(op, 'payment_method.attached', method);
  }
  return method;
}

/** `POST /v1/payment_methods/{id}/detach`. */
export function detachPaymentMethod(op: Operation, id: string, params: Params): PaymentMethod {
  allowOnly(params, []);
  const method = op.data.paymentMethods[id];
  if (!method) throw noSuch('PaymentMethod', id);
  if (!method.customer) {
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      undefined,
      'payment_method_unexpected_state',
    );
  }
  const customer = op.data.customers[method.customer];
  if (customer?.invoice_settings.default_payment_method === id) {
    customer.invoice_settings.default_payment_method = null;
  }
  for (const subscription of Object.values(op.data.subscriptions)) {
    if (subscription.default_payment_method === id) subscription.default_payment_method = null;
  }
  method.customer = null;
  emit(op, 'payment_method.detached', method);
  return method;
}

/** `POST /v1/payment_methods/{id}`: billing details, expiry and metadata. */
export function updatePaymentMethod(op: Operation, id: string, params: Params): PaymentMethod {
  allowOnly(params, ['billing_details', 'card', 'metadata', 'allow_redisplay']);
  const method = op.data.paymentMethods[id];
  if (!method) throw noSuch('PaymentMethod', id);
  if (!method.customer) {
    throw invalidRequest(
      'You must save this PaymentMethod to a customer before you can update it.',
      undefined,
      'payment_method_unexpected_state',
    );
  }
  method.billing_details = billingDetails(params, method.billing_details);
  const card = hash(params, 'card');
  if (card) {
    allowOnly(card, ['exp_month', 'exp_year'], 'card[');
    const month =
      int(card, 'exp_month', { min: 1, max: 12 }, 'card[exp_month]') ?? method.card.exp_month;
    const rawYear = int(card, 'exp_year', {}, 'card[exp_year]') ?? method.card.exp_year;
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    if (expiryProblem(month, year, new Date(op.now * 1000))) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'card[exp_year]',
      });
    }
    method.card.exp_month = month;
    method.card.exp_year = year;
  }
  method.metadata = metadata(params, method.metadata);
  emit(op, 'payment_method.updated', method);
  return method;
}

/** `POST /v1/setup_intents`: `confirm=true` confirms at once with `payment_method`. */
export function createSetupIntent(op: Operation, params: Params): SetupIntent {
  allowOnly(params, [
    'customer',
    'payment_method',
    'payment_method_types',
    'usage',
    'confirm',
    'metadata',
    'description',
  ]);
  const customerId = str(params, 'customer');
  if (customerId && !op.data.customers[customerId])
    throw noSuch('customer', customerId, 'customer');
  const usage = str(params, 'usage') ?? 'off_session';
  if (usage !== 'off_session' && usage !== 'on_session') {
    throw invalidRequest('Invalid usage: must be one of off_session, on_session', 'usage');
  }
  const types = params.payment_method_types;
  if (
    types !== undefined &&
    !(Array.isArray(types) && types.length > 0 && types.every((entry) => entry === 'card'))
  ) {
    throw invalidRequest(
      'The sandbox supports payment_method_types of card only.',
      'payment_method_types',
    );
  }
  const id = newId('seti');
  const methodId = str(params, 'payment_method');
  const intent: SetupIntent = {
    id,
    object: 'setup_intent',
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('x').slice(2)}`,
    created: op.now,
    customer: customerId ?? null,
    description: str(params, 'description') ?? null,
    last_setup_error: null,
    livemode: false,
    metadata: metadata(params),
    next_action: null,
    payment_method: methodId ? materializePaymentMethod(op, methodId, 'payment_method') : null,
    payment_method_types: ['card'],
    status: methodId ? 'requires_confirmation' : 'requires_payment_method',
    usage,
  };
  op.data.setupIntents[id] = intent;
  emit(op, 'setup_intent.created', intent);
  if (bool(params, 'confirm')) return confirmSetupIntent(op, intent, {}, 'secret');
  return intent;
}

/** The SetupIntent a publishable key may act on: its client secret must come along. */
export function setupIntentForClient(
  op: Operation,
  id: string,
  params: Params,
  key: KeyKind,
): SetupIntent {
  const intent = op.data.setupIntents[id];
  if (!intent) throw noSuch('setupintent', id);
  if (key === 'publishable' && str(params, 'client_secret') !== intent.client_secret) {
    // Stripe answers a wrong secret as if the intent did not exist.
    throw noSuch('setupintent', id);
  }
  return intent;
}

/**
 * `POST /v1/setup_intents/{id}/confirm`: the card (`payment_method`, or `payment_method_data`
 * typed in the card element) is checked and, when the intent has a customer, attached to it.
 * A decline leaves the intent at requires_payment_method with `last_setup_error`, and is
 * answered 402 with the intent in the error, as Stripe does.
 */
export function confirmSetupIntent(
  op: Operation,
  intent: SetupIntent,
  params: Params,
  key: KeyKind,
): SetupIntent {
  allowOnly(params, [
    'payment_method',
    'payment_method_data',
    'client_secret',
    'return_url',
    'usage',
  ]);
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw invalidRequest(
      `You cannot confirm this SetupIntent because it has already ${intent.status === 'succeeded' ? 'succeeded' : 'been canceled'}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const data = hash(params, 'payment_method_data');
  const methodParam = str(params, 'payment_method');
  let methodId: string | null = intent.payment_method;
  if (data) methodId = createPaymentMethod(op, data, key).id;
  else if (methodParam) methodId = materializePaymentMethod(op, methodParam, 'payment_method');
  if (!methodId) {
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method. To confirm the SetupIntent with cus_xxx, specify a payment method attached to this customer along with the customer ID.",
      'payment_method',
      'setup_intent_unexpected_state',
    );
  }
  const method = op.data.paymentMethods[methodId]!;
  intent.payment_method = methodId;
  const reason = setupOutcome(op, methodId);
  if (reason) {
    const declined = cardDeclined(reason).body;
    // Nothing of a refused confirmation is stored (the transaction is dropped); the error
    // carries the intent as it would stand after the attempt, as Stripe's does.
    throw new StripeApiError(402, {
      ...declined,
      payment_method: structuredClone(method),
      setup_intent: {
        ...structuredClone(intent),
        status: 'requires_payment_method',
        last_setup_error: { ...declined },
      },
    });
  }
  if (intent.customer) {
    if (method.customer && method.customer !== intent.customer) {
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        'payment_method',
        'payment_method_unexpected_state',
      );
    }
    if (method.customer !== intent.customer) {
      method.customer = intent.customer;
      emit(op, 'payment_method.attached', method);
    }
  }
  intent.status = 'succeeded';
  intent.last_setup_error = null;
  emit(op, 'setup_intent.succeeded', intent);
  return intent;
}
