import { useCallback, useState } from 'react';
import type { RegisterApi } from './api';
import { RegisterError } from './api';
import type { CartItem } from './cart';
import { cartLines } from './cart';
import type { CartAdjustments, Discount } from './types';

/** WooCommerce's refusal of a coupon (its own text), as the store answers it. */
export const INVALID_COUPON = 'woocommerce_rest_invalid_coupon';

const NONE: CartAdjustments = { coupons: [] };

/** The coupon a refusal names (WooCommerce quotes the code), among those applied. */
export function couponNamed(message: string, coupons: string[]): string | undefined {
  return coupons.find((code) => message.toLowerCase().includes(`"${code.toLowerCase()}"`));
}

/**
 * The cart's coupons and cart discount. A coupon is applied only once the store accepts it
 * for this cart (WooCommerce's checks, its texts); `dropRefused` takes off a coupon the store
 * refuses later (the cart changed below its minimum spend).
 */
export function useAdjustments(api: RegisterApi) {
  const [adjustments, setAdjustments] = useState<CartAdjustments>(NONE);

  const applyCoupon = useCallback(
    async (cart: CartItem[], code: string): Promise<string | null> => {
      const wanted = code.trim().toLowerCase();
      if (adjustments.coupons.includes(wanted)) return null;
      const next = { ...adjustments, coupons: [...adjustments.coupons, wanted] };
      try {
        await api.totals(cartLines(cart), next);
        setAdjustments(next);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    [api, adjustments],
  );

  const removeCoupon = useCallback(
    (code: string) =>
      setAdjustments((now) => ({ ...now, coupons: now.coupons.filter((c) => c !== code) })),
    [],
  );

  const setCartDiscount = useCallback(
    (discount: Discount | null) =>
      setAdjustments(({ discount: _old, ...now }) => (discount ? { ...now, discount } : now)),
    [],
  );

  /** Takes off the coupon a totals refusal names; true when it was one. */
  const dropRefused = useCallback((error: unknown): boolean => {
    if (!(error instanceof RegisterError) || error.code !== INVALID_COUPON) return false;
    setAdjustments((now) => {
      const named = couponNamed(error.message, now.coupons);
      return named ? { ...now, coupons: now.coupons.filter((c) => c !== named) } : now;
    });
    return true;
  }, []);

  const reset = useCallback(() => setAdjustments(NONE), []);

  return { adjustments, applyCoupon, removeCoupon, setCartDiscount, dropRefused, reset };
}
