import { useCallback, useEffect, useState } from 'react';
import type { RegisterApi } from './api';
import type { CartItem } from './cart';
import { cartLines } from './cart';
import { TEXTS } from './texts';
import type { ParkedSale, Product, SaleDetails } from './types';
import { variationItem } from './variations';

/**
 * The cart of a parked sale, from the catalogue as it is now: the names of products no longer
 * in it are given apart (the store settles prices and stock again when the sale is charged).
 */
export function itemsOf(
  parked: ParkedSale,
  products: readonly Product[],
): { items: CartItem[]; missing: string[] } {
  const items: CartItem[] = [];
  const missing: string[] = [];
  for (const line of parked.lines) {
    const product = products.find((p) => p.id === line.product_id);
    const variation = line.variation_id
      ? product?.variations.find((v) => v.id === line.variation_id)
      : undefined;
    if (product && variation) {
      items.push({ product: variationItem(product, variation), quantity: line.quantity });
    } else if (product && !line.variation_id) {
      items.push({ product, quantity: line.quantity });
    } else {
      missing.push(line.name || `#${line.product_id}`);
    }
  }
  return { items, missing };
}

/** The current sale, as parking takes it and resuming gives it back. */
interface CurrentSale {
  cart: CartItem[];
  details: SaleDetails;
  /** The catalogue as loaded, to rebuild a resumed cart from. */
  products: readonly Product[];
}

/** What the register does when a sale is parked or resumed, and how it tells the cashier. */
interface ParkingEffects {
  /** The current sale was parked: it is cleared. */
  onParked: () => void;
  /** A parked sale is back: it becomes the current sale. */
  onResumed: (items: CartItem[], details: SaleDetails) => void;
  /** The outcome of each step, or the store's refusal. */
  onNotice: (text: string) => void;
}

/**
 * The parked sales of the station (loaded once, then kept as the register parks and takes),
 * and the register's three steps with them: park the current sale, resume one, discard one.
 */
export function useParkedSales(
  api: Pick<RegisterApi, 'parkedSales' | 'park' | 'takeParked'>,
  current: CurrentSale,
  effects: ParkingEffects,
) {
  const [parked, setParked] = useState<ParkedSale[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .parkedSales()
      .then((list) => live && setParked(list))
      .catch(() => live && setParked([]));
    return () => {
      live = false;
    };
  }, [api]);

  /** Takes `id` off the station; it leaves the list even when another register took it first. */
  const take = useCallback(
    async (id: number) => {
      try {
        return await api.takeParked(id);
      } finally {
        setParked((list) => (list ?? []).filter((sale) => sale.id !== id));
      }
    },
    [api],
  );

  const step = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      effects.onNotice(await work());
    } catch (error) {
      effects.onNotice(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    parked,
    busy,
    park: () =>
      step(async () => {
        const sale = await api.park(cartLines(current.cart), current.details);
        setParked((list) => [...(list ?? []), sale]);
        effects.onParked();
        return TEXTS.parkedDone;
      }),
    resume: (sale: ParkedSale) =>
      step(async () => {
        const { items, missing } = itemsOf(await take(sale.id), current.products);
        effects.onResumed(items, { customer: sale.customer, note: sale.note });
        return missing.length > 0 ? TEXTS.notSold(missing.join(', ')) : TEXTS.resumed;
      }),
    discard: (sale: ParkedSale) =>
      step(async () => {
        await take(sale.id);
        return TEXTS.discarded;
      }),
  };
}
