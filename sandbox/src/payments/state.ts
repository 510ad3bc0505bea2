import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';
import {
  CATALOG_PLANS,
  CATALOG_PROMOTIONS,
  excessLookupKey,
  excessPriceId,
  excessProductId,
  planLookupKey,
  planPriceId,
  planProductId,
} from './catalog';
import { EXCESS_ORDERS_METER } from './meters';
import type { PaymentsData } from './model';

/** A fixed creation time for the seeded catalogue (2026-01-01), so restarts keep it equal. */
const SEED_CREATED = 1767225600;

/** What a seeded product and its one monthly price differ in. */
interface SeededPrice {
  productId: string;
  priceId: string;
  planId: string;
  productName: string;
  nickname: string;
  lookupKey: string;
  cents: number;
  /** Metered on the excess-orders meter (a plan's excess orders), or licensed (the plan). */
  metered: boolean;
}

/** A product of the catalogue and its monthly price, as Stripe's API shows them. */
function seedProductPrice(data: PaymentsData, seed: SeededPrice): void {
  data.products[seed.productId] = {
    id: seed.productId,
    object: 'product',
    active: true,
    created: SEED_CREATED,
    default_price: seed.priceId,
    description: null,
    livemode: false,
    metadata: { plan_id: seed.planId },
    name: seed.productName,
    type: 'service',
    updated: SEED_CREATED,
  };
  data.prices[seed.priceId] = {
    id: seed.priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: SEED_CREATED,
    currency: 'usd',
    livemode: false,
    lookup_key: seed.lookupKey,
    metadata: { plan_id: seed.planId },
    nickname: seed.nickname,
    product: seed.productId,
    recurring: seed.metered
      ? {
          interval: 'month',
          interval_count: 1,
          meter: EXCESS_ORDERS_METER.id,
          usage_type: 'metered',
        }
      : { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: seed.cents,
    unit_amount_decimal: String(seed.cents),
  };
}

/** The catalogue, demo coupons and promotion codes, and nothing else. */
export function seedData(): PaymentsData {
  const data: PaymentsData = {
    customers: {},
    paymentMethods: {},
    setupIntents: {},
    products: {},
    prices: {},
    coupons: {},
    promotionCodes: {},
    discounts: {},
    subscriptions: {},
    invoices: {},
    paymentIntents: {},
    events: {},
    cardBehaviours: {},
    pendingLines: {},
    discountUses: {},
    idempotency: {},
    clockOffset: 0,
    meters: { [EXCESS_ORDERS_METER.id]: { ...EXCESS_ORDERS_METER, created: SEED_CREATED } },
    meterEvents: {},
    billedMeterEvents: {},
  };
  for (const plan of CATALOG_PLANS) {
    seedProductPrice(data, {
      productId: planProductId(plan.planId),
      priceId: planPriceId(plan.planId),
      planId: plan.planId,
      productName: plan.name,
      nickname: `${plan.name} monthly`,
      lookupKey: planLookupKey(plan.planId),
      cents: plan.unitAmount,
      metered: false,
    });
    if (plan.perExcess !== null) {
      // The plan's excess orders: a metered price of their own, beside the plan's price.
      seedProductPrice(data, {
        productId: excessProductId(plan.planId),
        priceId: excessPriceId(plan.planId),
        planId: plan.planId,
        productName: `${plan.name} excess orders`,
        nickname: `${plan.name} excess orders`,
        lookupKey: excessLookupKey(plan.planId),
        cents: plan.perExcess,
        metered: true,
      });
    }
  }
  for (const promotion of CATALOG_PROMOTIONS) {
    data.coupons[promotion.couponId] = {
      id: promotion.couponId,
      object: 'coupon',
      amount_off: promotion.amountOff,
      created: SEED_CREATED,
      currency: promotion.amountOff === null ? null : 'usd',
      duration: promotion.duration,
      duration_in_months: promotion.durationInMonths,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: promotion.name,
      percent_off: promotion.percentOff,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    };
    const promoId = `promo_${promotion.code.toLowerCase()}`;
    data.promotionCodes[promoId] = {
      id: promoId,
      object: 'promotion_code',
      active: true,
      code: promotion.code,
      created: SEED_CREATED,
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: { type: 'coupon', coupon: promotion.couponId },
      restrictions: {
        first_time_transaction: false,
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      times_redeemed: 0,
    };
  }
  return data;
}

/** How long an `Idempotency-Key`'s answer is kept: 24 hours, as Stripe does. */
const IDEMPOTENCY_TTL = 24 * 3600;

/** How long events stay listed (`GET /v1/events`): 30 days, as Stripe keeps them. */
const EVENT_TTL = 30 * 24 * 3600;

/**
 * The payments sandbox's objects, kept in `file` when given. Every change runs in
 * {@link PaymentsState.transaction} on a copy that replaces the state only when the change
 * succeeds, so a refused request (a declined card half-way through a subscription) leaves
 * nothing behind, and is then written to the file.
 */
export class PaymentsState {
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private data: PaymentsData,
    private readonly file: string | null,
    private readonly wallClock: () => number,
  ) {}

  /** Loads the state from `file`, or starts from the seed. */
  static async open(file: string | null, now: () => number): Promise<PaymentsState> {
    const loaded = file ? await readJsonFile<PaymentsData>(file) : undefined;
    // A state file written before the meters existed gets the seeded meter and no events.
    if (loaded) {
      loaded.meters ??= seedData().meters;
      loaded.meterEvents ??= {};
      loaded.billedMeterEvents ??= {};
      // A state saved before the metered prices existed gains them (and nothing else changes).
      for (const [id, record] of Object.entries(seedData().products))
        loaded.products[id] ??= record;
      for (const [id, record] of Object.entries(seedData().prices)) loaded.prices[id] ??= record;
    }
    const state = new PaymentsState(loaded ?? seedData(), file, now);
    if (!loaded) await state.persist();
    return state;
  }

  /** Unix seconds on the sandbox's clock (the wall clock plus any test advance). */
  now(): number {
    return Math.floor(this.wallClock() / 1000) + this.data.clockOffset;
  }

  /** The current objects, read-only by convention: change them in a transaction. */
  get read(): Readonly<PaymentsData> {
    return this.data;
  }

  /**
   * Runs `change` on a copy of the state; when it returns, the copy becomes the state and is
   * saved; when it throws, the state stays as it was.
   */
  async transaction<T>(change: (draft: PaymentsData) => T): Promise<T> {
    const draft = structuredClone(this.data);
    const result = change(draft);
    const now = Math.floor(this.wallClock() / 1000) + draft.clockOffset;
    for (const [key, answer] of Object.entries(draft.idempotency)) {
      if (answer.created < now - IDEMPOTENCY_TTL) delete draft.idempotency[key];
    }
    for (const [id, event] of Object.entries(draft.events)) {
      if (event.created < now - EVENT_TTL) delete draft.events[id];
    }
    this.data = draft;
    await this.persist();
    return result;
  }

  /** Back to the seed: no customers, the demo promotion codes, the clock at the wall clock. */
  async reset(): Promise<void> {
    this.data = seedData();
    await this.persist();
  }

  /** Waits for pending writes. */
  flush(): Promise<void> {
    return this.saving;
  }

  private persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const snapshot = this.data;
    this.saving = this.saving.then(() => writeJsonFileAtomic(file, snapshot));
    return this.saving;
  }
}
