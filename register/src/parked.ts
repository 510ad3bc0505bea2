import { useCallback, useEffect, useState } from 'react';
import type { RegisterApi } from './api';
import type { CartItem } from './cart';
import type { ParkedSale, Product } from './types';

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
    if (product) items.push({ product, quantity: line.quantity });
    else missing.push(line.name || `#${line.product_id}`);
  }
  return { items, missing };
}

/** The parked sales of the station: loaded once, then kept as the register parks and takes. */
export function useParkedSales(api: Pick<RegisterApi, 'parkedSales' | 'park' | 'takeParked'>) {
  const [parked, setParked] = useState<ParkedSale[] | null>(null);
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

  const park = useCallback(
    async (...args: Parameters<RegisterApi['park']>) => {
      const sale = await api.park(...args);
      setParked((list) => [...(list ?? []), sale]);
      return sale;
    },
    [api],
  );

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

  return { parked, park, take };
}
