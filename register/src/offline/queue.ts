import type { RegisterApi } from '../api';
import { isUnreachable } from '../api';
import type { CartItem } from '../cart';
import { fromCents, toCents } from '../money';
import type { CartTotals, Product, Sale, Tender } from '../types';
import type { OfflineStore, QueuedSale, ShownSale } from './store';

/** How a queued sale ended when the store answered: its order, or the store's refusal. */
export type Settled = { queued: QueuedSale; sale: Sale } | { queued: QueuedSale; refused: string };

/** A line the store settled differently from what the register showed. */
export interface Difference {
  name: string;
  shown: string;
  settled: string;
}

/**
 * The cart's totals from the last known prices while the store does not answer: the sum of the
 * shown prices, marked provisional (the register never computes tax; the store settles it).
 */
export function provisionalTotals(cart: CartItem[], currency: string): CartTotals {
  const lines = cart.map(({ product, quantity }) => ({
    product_id: product.parent_id ?? product.id,
    variation_id: product.parent_id === undefined ? 0 : product.id,
    name: product.name,
    quantity,
    price: product.price,
    total: fromCents((toCents(product.price) ?? 0) * quantity),
  }));
  const total = fromCents(lines.reduce((sum, line) => sum + (toCents(line.total) ?? 0), 0));
  return {
    currency,
    prices_include_tax: false,
    lines,
    // Coupons and discounts are the store's to apply: it settles them with the sale.
    coupons: [],
    fees: [],
    subtotal: total,
    discount_total: '0.00',
    total_tax: '0.00',
    total,
    provisional: true,
  };
}

/** What the register shows of a sale it queues (its receipt marked as waiting). */
export function shownSale(totals: CartTotals, tenders: Tender[], now: Date): ShownSale {
  const cash = tenders.filter((tender) => tender.method === 'cash');
  const cards = tenders.flatMap((tender) => (tender.method === 'card' ? [tender] : []));
  const sum = (amounts: string[]) => amounts.reduce((n, a) => n + (toCents(a) ?? 0), 0);
  const tenderedCents = cash.length > 0 ? sum(cash.map((tender) => tender.tendered)) : null;
  const cashDue = sum(cash.map((tender) => tender.amount));
  return {
    currency: totals.currency,
    lines: totals.lines,
    total: totals.total,
    tendered: tenderedCents === null ? null : fromCents(tenderedCents),
    change: tenderedCents === null ? null : fromCents(Math.max(0, tenderedCents - cashDue)),
    reference: cards.length > 0 ? cards.map((card) => card.reference).join(', ') : null,
    queuedAt: now.toISOString(),
  };
}

/** The products with the stock a queued sale takes, until the catalogue is loaded again. */
export function afterQueuedSale(products: Product[], shown: ShownSale): Product[] {
  return products.map((product) => {
    const sold = shown.lines
      .filter((line) => (line.variation_id || line.product_id) === product.id)
      .reduce((n, line) => n + line.quantity, 0);
    if (sold === 0 || !product.manage_stock || product.stock_quantity === null) return product;
    const left = product.stock_quantity - sold;
    return { ...product, stock_quantity: left, stock_status: left > 0 ? 'instock' : 'outofstock' };
  });
}

/** The lines and the total the store settled differently from what the register showed. */
export function differences(shown: ShownSale, sale: Sale): Difference[] {
  const found: Difference[] = [];
  for (const line of shown.lines) {
    const settled = sale.line_items.find(
      (item) =>
        item.product_id === line.product_id &&
        (item.variation_id ?? 0) === (line.variation_id ?? 0),
    );
    if (!settled) {
      found.push({ name: line.name, shown: line.total, settled: '0.00' });
    } else if (toCents(settled.total) !== toCents(line.total)) {
      found.push({ name: line.name, shown: line.total, settled: settled.total });
    }
  }
  return found;
}

/**
 * The products of a settled sale whose stock the store now counts below zero: it sold, while it
 * did not answer, more than it had (the catalogue as loaded again once it answered).
 */
export function shortOfStock(shown: ShownSale, products: Product[]): Product[] {
  return products.filter(
    (product) =>
      product.manage_stock &&
      product.stock_quantity !== null &&
      product.stock_quantity < 0 &&
      shown.lines.some((line) => line.product_id === product.id),
  );
}

/**
 * Sends the waiting sales to the store in the order they were taken, each with its key (the
 * store makes one order per key, so a sale whose answer was lost is answered again, never made
 * twice). Stops at the first sale the store does not answer (it is still down: false); a sale
 * it refuses is kept with the refusal and the queue goes on. `onSettled` hears each outcome.
 */
export async function sendQueue(
  store: OfflineStore,
  api: RegisterApi,
  onSettled: (settled: Settled) => void,
): Promise<boolean> {
  for (const queued of await store.queued()) {
    if (queued.refused !== null) continue;
    let sale: Sale;
    try {
      sale = await api.createOrder(queued.lines, queued.tenders, {
        details: queued.details,
        adjustments: queued.adjustments,
        sale: { idempotencyKey: queued.key, offline: { shown_total: queued.shown.total } },
      });
    } catch (error) {
      if (isUnreachable(error)) return false;
      const reason = error instanceof Error ? error.message : String(error);
      await store.refuse(queued.seq, reason);
      onSettled({ queued, refused: reason });
      continue;
    }
    await store.remove(queued.seq);
    onSettled({ queued, sale });
  }
  return true;
}
