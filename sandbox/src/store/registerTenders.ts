/**
 * The tenders of a register sale (cash and/or a card on an external terminal), as the plugin's
 * `Cloud_POS_Register_Tenders` reads and records them: the same validation, texts and meta.
 */

/** Order meta of the register's tenders (beside the station and cashier of POS_META). */
export const TENDER_META = {
  /** Every tender of the sale, JSON: `[{method, amount, tendered?, change?, reference?}]`. */
  tenders: 'cloud_pos_tenders',
  tendered: 'cloud_pos_cash_tendered',
  change: 'cloud_pos_change_due',
  reference: 'cloud_pos_card_reference',
} as const;

/** Most tenders of one sale. */
export const MAX_TENDERS = 10;

/** One tender as the register sends it, in cents. */
export type Tender =
  | { method: 'cash'; amount: number; tendered: number }
  | { method: 'card'; amount: number; reference: string };

/** One tender as the order records it and the register shows it. */
export interface TenderView {
  method: 'cash' | 'card';
  amount: string;
  tendered?: string;
  change?: string;
  reference?: string;
}

/** A refusal of the posted payment: the parameter it names, or a refusal of the whole sale. */
export type TenderRefusal =
  { param: 'tenders' | 'payment'; message: string } | { code: string; message: string };

export const TENDER_TEXTS = {
  tenderedShort: 'The cash tendered is less than the total.',
  mismatch: (sum: string, total: string) =>
    `The payments add up to ${sum}, not the total of ${total}.`,
} as const;

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A decimal amount of money as the register sends it ("20", "20.5", "20.50"), in cents. */
export function centsOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,7}(\.\d{1,2})?$/.test(raw)) return undefined;
  return Math.round(Number(raw) * 100);
}

function referenceOf(raw: unknown): string | undefined {
  const reference = typeof raw === 'string' ? raw.trim() : '';
  return reference === '' || reference.length > 64 || /[\p{C}]/u.test(reference)
    ? undefined
    : reference;
}

/** The posted `tenders` list, or why it is not valid. */
function tenderList(raw: unknown): Tender[] | TenderRefusal {
  const refuse = (message: string): TenderRefusal => ({ param: 'tenders', message });
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_TENDERS) {
    return refuse(`tenders must list 1 to ${MAX_TENDERS} payments.`);
  }
  const tenders: Tender[] = [];
  for (const item of raw as unknown[]) {
    const body = (item ?? {}) as Record<string, unknown>;
    const amount = centsOf(body.amount);
    if (body.method !== 'cash' && body.method !== 'card') {
      return refuse('tenders[].method must be cash or card.');
    }
    if (amount === undefined || amount === 0) {
      return refuse('tenders[].amount must be an amount above 0, such as 20.00.');
    }
    if (body.method === 'cash') {
      const tendered = body.tendered === undefined ? amount : centsOf(body.tendered);
      if (tendered === undefined || tendered < amount) {
        return refuse('tenders[].tendered must be an amount of at least the cash amount.');
      }
      tenders.push({ method: 'cash', amount, tendered });
    } else {
      const reference = referenceOf(body.reference);
      if (reference === undefined) {
        return refuse(
          "tenders[].reference must be the card terminal's reference (1 to 64 characters).",
        );
      }
      tenders.push({ method: 'card', amount, reference });
    }
  }
  return tenders;
}

/** The older single `payment` ({method: cash, tendered} or {method: card, reference}). */
function singlePayment(raw: unknown, totalCents: number): Tender[] | TenderRefusal {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (body.method === 'cash') {
    const tendered = centsOf(body.tendered);
    if (tendered === undefined) {
      return { param: 'payment', message: 'payment.tendered must be an amount such as 20.00.' };
    }
    if (tendered < totalCents) {
      return { code: 'cloud_pos_register_tendered_short', message: TENDER_TEXTS.tenderedShort };
    }
    return [{ method: 'cash', amount: totalCents, tendered }];
  }
  if (body.method === 'card') {
    const reference = referenceOf(body.reference);
    if (reference === undefined) {
      return {
        param: 'payment',
        message: "payment.reference must be the card terminal's reference (1 to 64 characters).",
      };
    }
    return [{ method: 'card', amount: totalCents, reference }];
  }
  return { param: 'payment', message: 'payment.method must be cash or card.' };
}

/**
 * The tenders of a sale of `totalCents`: `tenders` when the body has them, else the single
 * `payment`. They must add up to the total exactly (cash may be tendered above its amount:
 * that is change).
 */
export function tendersOf(
  body: { tenders?: unknown; payment?: unknown },
  totalCents: number,
): Tender[] | TenderRefusal {
  const tenders =
    body.tenders === undefined ? singlePayment(body.payment, totalCents) : tenderList(body.tenders);
  if (!Array.isArray(tenders)) return tenders;
  const sum = tenders.reduce((cents, tender) => cents + tender.amount, 0);
  if (sum !== totalCents) {
    return {
      code: 'cloud_pos_register_tenders_mismatch',
      message: TENDER_TEXTS.mismatch(money(sum), money(totalCents)),
    };
  }
  return tenders;
}

/** A tender as the order records it. */
function tenderView(tender: Tender): TenderView {
  return tender.method === 'cash'
    ? {
        method: 'cash',
        amount: money(tender.amount),
        tendered: money(tender.tendered),
        change: money(tender.tendered - tender.amount),
      }
    : { method: 'card', amount: money(tender.amount), reference: tender.reference };
}

/** WooCommerce's payment method id and title of a sale paid by `tenders`. */
export function paymentMethodOf(tenders: readonly Tender[]): { id: string; title: string } {
  const [only] = tenders;
  if (tenders.length === 1 && only) {
    return only.method === 'cash'
      ? { id: 'pos_cash', title: 'Cash' }
      : { id: 'pos_card', title: 'Card (external terminal)' };
  }
  const named = tenders
    .map((tender) => `${tender.method === 'cash' ? 'Cash' : 'Card'} ${money(tender.amount)}`)
    .join(' + ');
  return { id: 'pos_split', title: `Split: ${named}` };
}

/**
 * The order meta of `tenders`: the list itself, and the cash tendered, change due and card
 * references the receipt and older readers know (each only when a tender of its kind is there).
 */
export function tenderMeta(tenders: readonly Tender[]): Record<string, string> {
  const meta: Record<string, string> = {
    [TENDER_META.tenders]: JSON.stringify(tenders.map(tenderView)),
  };
  const cash = tenders.filter((t): t is Extract<Tender, { method: 'cash' }> => t.method === 'cash');
  const cards = tenders.filter(
    (t): t is Extract<Tender, { method: 'card' }> => t.method === 'card',
  );
  if (cash.length > 0) {
    const tendered = cash.reduce((sum, t) => sum + t.tendered, 0);
    const amount = cash.reduce((sum, t) => sum + t.amount, 0);
    meta[TENDER_META.tendered] = money(tendered);
    meta[TENDER_META.change] = money(tendered - amount);
  }
  if (cards.length > 0) meta[TENDER_META.reference] = cards.map((t) => t.reference).join(', ');
  return meta;
}

/**
 * The tenders an order records: its `cloud_pos_tenders` list, else (an order made before split
 * tender) the one its payment method and tender meta describe.
 */
export function recordedTenders(
  meta: (key: string) => string | undefined,
  paymentMethod: string | undefined,
  total: string,
): TenderView[] {
  const raw = meta(TENDER_META.tenders);
  if (raw !== undefined) {
    try {
      const list = JSON.parse(raw) as unknown;
      if (Array.isArray(list)) return list as TenderView[];
    } catch {
      // A list that is not JSON was not written by the register: read the older meta.
    }
  }
  const reference = meta(TENDER_META.reference);
  if (paymentMethod === 'pos_card' || reference !== undefined) {
    return [{ method: 'card', amount: total, ...(reference ? { reference } : {}) }];
  }
  const tendered = meta(TENDER_META.tendered);
  const change = meta(TENDER_META.change);
  return [
    {
      method: 'cash',
      amount: total,
      ...(tendered ? { tendered } : {}),
      ...(change ? { change } : {}),
    },
  ];
}
