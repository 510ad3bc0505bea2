import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from './billing';
import { retryInvoice } from './billing';
import type { PaymentsContext } from './context';
import type { StripeErrorBody } from './errors';
import { StripeApiError, invalidRequest, newId, noSuch } from './errors';
import type { Coupon, PaymentsData, PromotionCode, StripeEvent } from './model';
import type { Params } from './params';
import { allowOnly, bool, decimal, hash, int, metadata, oneOf, page, str } from './params';
import type { KeyKind } from './paymentMethods';
import {
  attachPaymentMethod,
  confirmSetupIntent,
  createPaymentMethod,
  createSetupIntent,
  detachPaymentMethod,
  materializePaymentMethod,
  setupIntentForClient,
  updatePaymentMethod,
} from './paymentMethods';
import { createMeterEvent, getMeter, meterEventSummaries } from './meters';
import { expandParam, present, presentList } from './render';
import { cancelSubscription, createSubscription, updateSubscription } from './subscriptions';

/** One call of an endpoint: its parameters, the caller's key, and the operation to act in. */
interface Call {
  op: Operation;
  params: Params;
  key: KeyKind;
  expand: string[];
  id: string;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** Whether Stripe.js may call it with the publishable key. */
  publishable?: boolean;
  /** Returns the answer's body (already presented). */
  handle(call: Call): unknown;
}

const newestFirst = <T>(values: T[]): T[] => [...values].reverse();

function customerOf(data: PaymentsData, id: string, param?: string) {
  const customer = data.customers[id];
  if (!customer) throw noSuch('customer', id, param);
  return customer;
}

function listed<T extends { id: string }>(call: Call, objects: T[], url: string) {
  const { data, hasMore } = page(call.params, newestFirst(objects));
  return presentList(call.op.data, data, url, call.expand, hasMore);
}

function customerFields(call: Call, customer: PaymentsData['customers'][string]) {
  const { params } = call;
  for (const field of ['email', 'name', 'description', 'phone'] as const) {
    if (params[field] === '') customer[field] = null;
    else {
      const value = str(params, field);
      if (value !== undefined) customer[field] = value;
    }
  }
  if (customer.email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customer.email)) {
    throw invalidRequest(`Invalid email address: ${customer.email}`, 'email', 'email_invalid');
  }
  customer.metadata = metadata(params, customer.metadata);
  const settings = hash(params, 'invoice_settings');
  if (settings) {
    allowOnly(settings, ['default_payment_method'], 'invoice_settings[');
    if (settings.default_payment_method === '') {
      customer.invoice_settings.default_payment_method = null;
    } else {
      const id = str(
        settings,
        'default_payment_method',
        true,
        'invoice_settings[default_payment_method]',
      );
      const method = call.op.data.paymentMethods[id];
      if (!method) throw noSuch('PaymentMethod', id, 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
      customer.invoice_settings.default_payment_method = id;
    }
  }
}

const CUSTOMER_FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings'];

function couponFromParams(op: Operation, params: Params, id?: string): Coupon {
  const percentOff = decimal(params, 'percent_off') ?? null;
  const amountOff = int(params, 'amount_off', { min: 1 }) ?? null;
  if ((percentOff === null) === (amountOff === null)) {
    throw invalidRequest('You must pass exactly one of percent_off or amount_off.', 'percent_off');
  }
  if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) {
    throw invalidRequest('percent_off must be between 0 and 100.', 'percent_off');
  }
  const currency = str(params, 'currency');
  if (amountOff !== null && currency !== 'usd') {
    throw invalidRequest('You must pass currency (usd) with amount_off.', 'currency');
  }
  const duration = oneOf(params, 'duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
  const months = int(params, 'duration_in_months', { min: 1, max: 36 }) ?? null;
  if ((duration === 'repeating') !== (months !== null)) {
    throw invalidRequest(
      'duration_in_months is required with duration=repeating and only then.',
      'duration_in_months',
    );
  }
  const couponId = id ?? str(params, 'id') ?? newId('', 8).slice(1);
  if (op.data.coupons[couponId]) {
    throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  }
  return {
    id: couponId,
    object: 'coupon',
    amount_off: amountOff,
    created: op.now,
    currency: amountOff === null ? null : 'usd',
    duration,
    duration_in_months: months,
    livemode: false,
    max_redemptions: int(params, 'max_redemptions', { min: 1 }) ?? null,
    metadata: metadata(params),
    name: str(params, 'name') ?? null,
    percent_off: percentOff,
    redeem_by: int(params, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
  };
}

/** Stores a new promotion code for a coupon; codes are unique among active codes, any case. */
export function createPromotionCode(
  op: Operation,
  params: Params,
  couponId: string,
): PromotionCode {
  const code = str(params, 'code') ?? newId('x', 8).slice(2).toUpperCase();
  if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code)) {
    throw invalidRequest(
      'The code may contain letters, digits, dashes and underscores only.',
      'code',
    );
  }
  const taken = Object.values(op.data.promotionCodes).some(
    (promo) => promo.active && promo.code.toLowerCase() === code.toLowerCase(),
  );
  if (taken) {
    throw invalidRequest(
      `An active promotion code with \`code: ${code}\` already exists.`,
      'code',
      'resource_already_exists',
    );
  }
  const customer = str(params, 'customer');
  if (customer) customerOf(op.data, customer, 'customer');
  const promo: PromotionCode = {
    id: newId('promo'),
    object: 'promotion_code',
    active: bool(params, 'active') ?? true,
    code,
    created: op.now,
    customer: customer ?? null,
    expires_at: int(params, 'expires_at') ?? null,
    livemode: false,
    max_redemptions: int(params, 'max_redemptions', { min: 1 }) ?? null,
    metadata: metadata(params),
    promotion: { type: 'coupon', coupon: couponId },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
  op.data.promotionCodes[promo.id] = promo;
  return promo;
}

/** Makes a coupon (the coupons endpoint, or the promotion-code control). */
export function createCoupon(op: Operation, params: Params, id?: string): Coupon {
  const coupon = couponFromParams(op, params, id);
  op.data.coupons[coupon.id] = coupon;
  return coupon;
}

function subscriptionOf(data: PaymentsData, id: string) {
  const subscription = data.subscriptions[id];
  if (!subscription) throw noSuch('subscription', id);
  return subscription;
}

/** The endpoints of Stripe's API v1 the sandbox speaks. */
const ENDPOINTS: Endpoint[] = [
  // Customers
  {
    method: 'POST',
    url: '/v1/customers',
    handle(call) {
      allowOnly(call.params, [...CUSTOMER_FIELDS, 'payment_method']);
      const id = newId('cus', 14);
      const customer: PaymentsData['customers'][string] = {
        id,
        object: 'customer',
        address: null,
        balance: 0,
        created: call.op.now,
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        email: null,
        invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: {},
        name: null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        tax_exempt: 'none',
        test_clock: null,
      };
      call.op.data.customers[id] = customer;
      const methodId = str(call.params, 'payment_method');
      if (methodId) {
        attachPaymentMethod(call.op, methodId, { customer: id });
      }
      customerFields(call, customer);
      return customer;
    },
  },
  {
    method: 'GET',
    url: '/v1/customers/:id',
    handle: (call) => customerOf(call.op.data, call.id),
  },
  {
    method: 'POST',
    url: '/v1/customers/:id',
    handle(call) {
      allowOnly(call.params, CUSTOMER_FIELDS);
      const customer = customerOf(call.op.data, call.id);
      customerFields(call, customer);
      return customer;
    },
  },
  {
    method: 'GET',
    url: '/v1/customers',
    handle(call) {
      allowOnly(call.params, ['email', 'limit', 'starting_after', 'ending_before']);
      const email = str(call.params, 'email');
      const customers = Object.values(call.op.data.customers).filter(
        (customer) => email === undefined || customer.email === email,
      );
      return listed(call, customers, '/v1/customers');
    },
  },
  {
    method: 'GET',
    url: '/v1/customers/:id/payment_methods',
    handle(call) {
      allowOnly(call.params, ['type', 'limit', 'starting_after', 'ending_before']);
      customerOf(call.op.data, call.id);
      const type = str(call.params, 'type');
      const methods = Object.values(call.op.data.paymentMethods).filter(
        (method) => method.customer === call.id && (type === undefined || method.type === type),
      );
      return listed(call, methods, `/v1/customers/${call.id}/payment_methods`);
    },
  },
  // Payment methods
  {
    method: 'POST',
    url: '/v1/payment_methods',
    publishable: true,
    handle: (call) => createPaymentMethod(call.op, call.params, call.key),
  },
  {
    method: 'GET',
    url: '/v1/payment_methods/:id',
    handle(call) {
      const method = call.op.data.paymentMethods[call.id];
      if (!method) throw noSuch('PaymentMethod', call.id);
      return method;
    },
  },
  {
    method: 'POST',
    url: '/v1/payment_methods/:id',
    handle: (call) => updatePaymentMethod(call.op, call.id, call.params),
  },
  {
    method: 'POST',
    url: '/v1/payment_methods/:id/attach',
    handle: (call) => attachPaymentMethod(call.op, call.id, call.params),
  },
  {
    method: 'POST',
    url: '/v1/payment_methods/:id/detach',
    handle: (call) => detachPaymentMethod(call.op, call.id, call.params),
  },
  {
    method: 'GET',
    url: '/v1/payment_methods',
    handle(call) {
      allowOnly(call.params, ['customer', 'type', 'limit', 'starting_after', 'ending_before']);
      const customer = str(call.params, 'customer', true);
      customerOf(call.op.data, customer, 'customer');
      const type = str(call.params, 'type');
      const methods = Object.values(call.op.data.paymentMethods).filter(
        (method) => method.customer === customer && (type === undefined || method.type === type),
      );
      return listed(call, methods, '/v1/payment_methods');
    },
  },
  // Setup intents
  {
    method: 'POST',
    url: '/v1/setup_intents',
    handle: (call) => createSetupIntent(call.op, call.params),
  },
  {
    method: 'GET',
    url: '/v1/setup_intents/:id',
    publishable: true,
    handle(call) {
      allowOnly(call.params, ['client_secret']);
      return setupIntentForClient(call.op, call.id, call.params, call.key);
    },
  },
  {
    method: 'POST',
    url: '/v1/setup_intents/:id/confirm',
    publishable: true,
    handle(call) {
      const intent = setupIntentForClient(call.op, call.id, call.params, call.key);
      return confirmSetupIntent(call.op, intent, call.params, call.key);
    },
  },
  // Products and prices
  {
    method: 'GET',
    url: '/v1/products/:id',
    handle(call) {
      const product = call.op.data.products[call.id];
      if (!product) throw noSuch('product', call.id);
      return product;
    },
  },
  {
    method: 'GET',
    url: '/v1/products',
    handle(call) {
      allowOnly(call.params, ['active', 'limit', 'starting_after', 'ending_before']);
      const active = bool(call.params, 'active');
      const products = Object.values(call.op.data.products).filter(
        (product) => active === undefined || product.active === active,
      );
      return listed(call, products, '/v1/products');
    },
  },
  {
    method: 'GET',
    url: '/v1/prices/:id',
    handle(call) {
      const price = call.op.data.prices[call.id];
      if (!price) throw noSuch('price', call.id);
      return price;
    },
  },
  {
    method: 'GET',
    url: '/v1/prices',
    handle(call) {
      allowOnly(call.params, [
        'active',
        'lookup_keys',
        'product',
        'type',
        'currency',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const active = bool(call.params, 'active');
      const product = str(call.params, 'product');
      const raw = call.params.lookup_keys;
      const keys = raw === undefined ? undefined : Array.isArray(raw) ? raw : [raw];
      if (keys && !keys.every((key) => typeof key === 'string')) {
        throw invalidRequest('Invalid array', 'lookup_keys', 'parameter_invalid_array');
      }
      const prices = Object.values(call.op.data.prices).filter(
        (price) =>
          (active === undefined || price.active === active) &&
          (product === undefined || price.product === product) &&
          (keys === undefined || (price.lookup_key !== null && keys.includes(price.lookup_key))),
      );
      return listed(call, prices, '/v1/prices');
    },
  },
  // Coupons and promotion codes
  {
    method: 'POST',
    url: '/v1/coupons',
    handle(call) {
      allowOnly(call.params, [
        'id',
        'percent_off',
        'amount_off',
        'currency',
        'duration',
        'duration_in_months',
        'max_redemptions',
        'name',
        'redeem_by',
        'metadata',
      ]);
      return createCoupon(call.op, call.params);
    },
  },
  {
    method: 'GET',
    url: '/v1/coupons/:id',
    handle(call) {
      const coupon = call.op.data.coupons[call.id];
      if (!coupon) throw noSuch('coupon', call.id);
      return coupon;
    },
  },
  {
    method: 'GET',
    url: '/v1/coupons',
    handle(call) {
      allowOnly(call.params, ['limit', 'starting_after', 'ending_before']);
      return listed(call, Object.values(call.op.data.coupons), '/v1/coupons');
    },
  },
  {
    method: 'POST',
    url: '/v1/promotion_codes',
    handle(call) {
      allowOnly(call.params, [
        'promotion',
        'code',
        'active',
        'customer',
        'expires_at',
        'max_redemptions',
        'metadata',
      ]);
      const promotion = hash(call.params, 'promotion');
      if (!promotion)
        throw invalidRequest(
          'Missing required param: promotion.',
          'promotion',
          'parameter_missing',
        );
      allowOnly(promotion, ['type', 'coupon'], 'promotion[');
      if (str(promotion, 'type', true, 'promotion[type]') !== 'coupon') {
        throw invalidRequest('Invalid promotion[type]: must be coupon', 'promotion[type]');
      }
      const couponId = str(promotion, 'coupon', true, 'promotion[coupon]');
      if (!call.op.data.coupons[couponId]) throw noSuch('coupon', couponId, 'promotion[coupon]');
      return createPromotionCode(call.op, call.params, couponId);
    },
  },
  {
    method: 'GET',
    url: '/v1/promotion_codes/:id',
    handle(call) {
      const promo = call.op.data.promotionCodes[call.id];
      if (!promo) throw noSuch('promotion code', call.id);
      return promo;
    },
  },
  {
    method: 'POST',
    url: '/v1/promotion_codes/:id',
    handle(call) {
      allowOnly(call.params, ['active', 'metadata']);
      const promo = call.op.data.promotionCodes[call.id];
      if (!promo) throw noSuch('promotion code', call.id);
      const active = bool(call.params, 'active');
      if (active !== undefined) promo.active = active;
      promo.metadata = metadata(call.params, promo.metadata);
      return promo;
    },
  },
  {
    method: 'GET',
    url: '/v1/promotion_codes',
    handle(call) {
      allowOnly(call.params, [
        'code',
        'active',
        'coupon',
        'customer',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const code = str(call.params, 'code');
      const active = bool(call.params, 'active');
      const coupon = str(call.params, 'coupon');
      const customer = str(call.params, 'customer');
      // Stripe matches `code` case-insensitively.
      const promos = Object.values(call.op.data.promotionCodes).filter(
        (promo) =>
          (code === undefined || promo.code.toLowerCase() === code.toLowerCase()) &&
          (active === undefined || promo.active === active) &&
          (coupon === undefined || promo.promotion.coupon === coupon) &&
          (customer === undefined || promo.customer === customer),
      );
      return listed(call, promos, '/v1/promotion_codes');
    },
  },
  // Subscriptions
  {
    method: 'POST',
    url: '/v1/subscriptions',
    handle: (call) => createSubscription(call.op, call.params),
  },
  {
    method: 'GET',
    url: '/v1/subscriptions/:id',
    handle: (call) => subscriptionOf(call.op.data, call.id),
  },
  {
    method: 'POST',
    url: '/v1/subscriptions/:id',
    handle: (call) =>
      updateSubscription(call.op, subscriptionOf(call.op.data, call.id), call.params),
  },
  {
    method: 'DELETE',
    url: '/v1/subscriptions/:id',
    handle: (call) =>
      cancelSubscription(call.op, subscriptionOf(call.op.data, call.id), call.params),
  },
  {
    method: 'GET',
    url: '/v1/subscriptions',
    handle(call) {
      allowOnly(call.params, [
        'customer',
        'status',
        'price',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const customer = str(call.params, 'customer');
      const price = str(call.params, 'price');
      const status = oneOf(call.params, 'status', [
        'active',
        'past_due',
        'incomplete',
        'incomplete_expired',
        'canceled',
        'unpaid',
        'all',
        'ended',
      ] as const);
      const subscriptions = Object.values(call.op.data.subscriptions).filter(
        (subscription) =>
          (customer === undefined || subscription.customer === customer) &&
          (price === undefined || subscription.items.some((item) => item.price === price)) &&
          (status === 'all' ||
            (status === 'ended'
              ? subscription.status === 'canceled' || subscription.status === 'incomplete_expired'
              : status === undefined
                ? subscription.status !== 'canceled'
                : subscription.status === status)),
      );
      return listed(call, subscriptions, '/v1/subscriptions');
    },
  },
  // Invoices
  {
    method: 'GET',
    url: '/v1/invoices/:id',
    handle(call) {
      const invoice = call.op.data.invoices[call.id];
      if (!invoice) throw noSuch('invoice', call.id);
      return invoice;
    },
  },
  {
    method: 'GET',
    url: '/v1/invoices',
    handle(call) {
      allowOnly(call.params, [
        'customer',
        'status',
        'subscription',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const customer = str(call.params, 'customer');
      const subscription = str(call.params, 'subscription');
      const status = oneOf(call.params, 'status', [
        'draft',
        'open',
        'paid',
        'uncollectible',
        'void',
      ] as const);
      const invoices = Object.values(call.op.data.invoices).filter(
        (invoice) =>
          (customer === undefined || invoice.customer === customer) &&
          (subscription === undefined ||
            invoice.parent.subscription_details.subscription === subscription) &&
          (status === undefined || invoice.status === status),
      );
      return listed(call, invoices, '/v1/invoices');
    },
  },
  {
    method: 'POST',
    url: '/v1/invoices/:id/pay',
    handle(call) {
      allowOnly(call.params, ['payment_method', 'off_session']);
      const invoice = call.op.data.invoices[call.id];
      if (!invoice) throw noSuch('invoice', call.id);
      const raw = str(call.params, 'payment_method');
      const method = raw ? materializePaymentMethod(call.op, raw, 'payment_method') : null;
      retryInvoice(call.op, invoice, method);
      return invoice;
    },
  },
  // Payment intents (made by invoice payments; read-only here)
  {
    method: 'GET',
    url: '/v1/payment_intents/:id',
    handle(call) {
      const intent = call.op.data.paymentIntents[call.id];
      if (!intent) throw noSuch('payment_intent', call.id);
      return intent;
    },
  },
  // Billing Meters: the metered usage the api reports (excess orders of paid plans)
  {
    method: 'POST',
    url: '/v1/billing/meter_events',
    handle: (call) => createMeterEvent(call.op, call.params),
  },
  {
    method: 'GET',
    url: '/v1/billing/meters/:id',
    handle: (call) => getMeter(call.op.data, call.id),
  },
  {
    method: 'GET',
    url: '/v1/billing/meters/:id/event_summaries',
    handle: (call) => meterEventSummaries(call.op.data, call.id, call.params),
  },
  // Events
  {
    method: 'GET',
    url: '/v1/events/:id',
    handle(call) {
      const event = call.op.data.events[call.id];
      if (!event) throw noSuch('event', call.id);
      return event;
    },
  },
  {
    method: 'GET',
    url: '/v1/events',
    handle(call) {
      allowOnly(call.params, ['type', 'types', 'limit', 'starting_after', 'ending_before']);
      const type = str(call.params, 'type');
      const events = Object.values(call.op.data.events).filter(
        (event: StripeEvent) =>
          type === undefined ||
          event.type === type ||
          (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1))),
      );
      return listed(call, events, '/v1/events');
    },
  },
];

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** The key of the Authorization header (Bearer, or Basic with the key as user name). */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function authenticate(ctx: PaymentsContext, request: FastifyRequest, endpoint: Endpoint): KeyKind {
  const key = presentedKey(request);
  if (!key) throw new StripeApiError(401, { type: 'invalid_request_error', message: NO_KEY });
  if (key === ctx.secretKey) return 'secret';
  if (key === ctx.publishableKey) {
    if (endpoint.publishable) return 'publishable';
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    });
  }
  const masked =
    key.length > 8
      ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : key;
  throw new StripeApiError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${masked}`,
  });
}

function sendError(reply: FastifyReply, status: number, body: StripeErrorBody) {
  return reply.status(status).send({ error: body });
}

/** Registers the v1 endpoints: authentication, idempotency, transactions, webhooks. */
export function apiRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  for (const endpoint of ENDPOINTS) {
    app.route<{ Params: { id?: string } }>({
      method: endpoint.method,
      url: endpoint.url,
      handler: async (request, reply) => {
        const requestId = newId('req', 14);
        reply.header('request-id', requestId);
        reply.header('stripe-version', request.headers['stripe-version'] ?? '2026-10-28.endive');
        try {
          const key = authenticate(ctx, request, endpoint);
          const params = ((endpoint.method === 'POST' ? request.body : request.query) ??
            {}) as Params;
          if (typeof params !== 'object' || Array.isArray(params)) {
            throw invalidRequest('The request body must be form-encoded parameters.');
          }
          const expand = expandParam(params);
          delete params.expand;
          const id = request.params.id ?? '';
          if (endpoint.method === 'GET') {
            const op: Operation = {
              data: ctx.state.read as PaymentsData,
              now: ctx.state.now(),
              baseUrl: ctx.baseUrl(),
              events: [],
              request: { id: requestId, idempotency_key: null },
            };
            const result = endpoint.handle({ op, params, key, expand, id });
            return reply.send(isList(result) ? result : present(op.data, result, expand));
          }
          return await write(ctx, request, reply, endpoint, { params, key, expand, id, requestId });
        } catch (error) {
          if (error instanceof StripeApiError) return sendError(reply, error.status, error.body);
          throw error;
        }
      },
    });
  }
}

function isList(value: unknown): boolean {
  return value != null && typeof value === 'object' && (value as Params).object === 'list';
}

/**
 * A POST or DELETE: runs in one transaction; with an `Idempotency-Key`, the first answer
 * (success or refusal) is kept and replayed for the same parameters, and other parameters
 * under the same key are refused with Stripe's idempotency_error.
 */
async function write(
  ctx: PaymentsContext,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  input: { params: Params; key: KeyKind; expand: string[]; id: string; requestId: string },
) {
  const rawKey = request.headers['idempotency-key'];
  const idempotencyKey = typeof rawKey === 'string' && rawKey !== '' ? rawKey : null;
  if (idempotencyKey && idempotencyKey.length > 255) {
    throw invalidRequest('Idempotency-Key must be at most 255 characters long.', 'Idempotency-Key');
  }
  const fingerprint = JSON.stringify([
    endpoint.method,
    request.url.split('?')[0],
    input.params,
    input.expand,
  ]);
  const storeKey = idempotencyKey ? `${input.key}:${idempotencyKey}` : null;
  if (storeKey) {
    const kept = ctx.state.read.idempotency[storeKey];
    if (kept) {
      if (kept.fingerprint !== fingerprint) {
        return sendError(reply, 400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      reply.header('idempotent-replayed', 'true');
      return reply.status(kept.status).send(kept.body);
    }
  }
  let events: StripeEvent[] = [];
  try {
    const body = await ctx.state.transaction((draft) => {
      const op: Operation = {
        data: draft,
        now: ctx.state.now(),
        baseUrl: ctx.baseUrl(),
        events: [],
        request: { id: input.requestId, idempotency_key: idempotencyKey },
      };
      const result = endpoint.handle({ op, ...input });
      const presented = present(draft, result, input.expand);
      if (storeKey) {
        draft.idempotency[storeKey] = {
          fingerprint,
          status: 200,
          body: presented,
          created: op.now,
        };
      }
      events = op.events;
      return presented;
    });
    // Stripe sends webhooks after answering; the api must not depend on their order with it.
    void ctx.webhooks.send(events);
    return reply.send(body);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    if (storeKey) {
      const answer = { error: error.body };
      await ctx.state.transaction((draft) => {
        draft.idempotency[storeKey] = {
          fingerprint,
          status: error.status,
          body: answer,
          created: ctx.state.now(),
        };
      });
    }
    return sendError(reply, error.status, error.body);
  }
}
