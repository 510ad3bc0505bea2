import type { FormEvent } from 'react';
import { Fragment, useState } from 'react';
import { ADJUST_TEXTS } from '../adjustTexts';
import type { CartItem } from '../cart';
import type { Discount, PricedTotals } from '../types';

type Money = (amount: string) => string;

export interface CouponFormProps {
  disabled: boolean;
  /** Applies the code; resolves with WooCommerce's refusal text, or null when applied. */
  onApply: (code: string) => Promise<string | null>;
}

/** The coupon field: the store checks the code with WooCommerce and answers in its words. */
export function CouponForm({ disabled, onApply }: CouponFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || code.trim() === '') return;
    setBusy(true);
    const refusal = await onApply(code.trim());
    setBusy(false);
    setError(refusal);
    if (!refusal) setCode('');
  };
  return (
    <form className="register-coupon" onSubmit={submit} noValidate>
      <label htmlFor="register-coupon">{ADJUST_TEXTS.coupon}</label>
      <span className="register-coupon-row">
        <input
          id="register-coupon"
          autoComplete="off"
          value={code}
          disabled={disabled}
          aria-describedby={error ? 'register-coupon-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" disabled={disabled} aria-busy={busy}>
          {ADJUST_TEXTS.applyCoupon}
        </button>
      </span>
      {error && (
        <p id="register-coupon-error" role="alert" className="register-error">
          {error}
        </p>
      )}
    </form>
  );
}

export interface AdjustmentRowsProps {
  totals: PricedTotals;
  money: Money;
  /** Takes a coupon off the cart; absent on a receipt. */
  onRemoveCoupon?: (code: string) => void;
}

/**
 * The coupons' and the cart discount's rows of a totals list (`<dl>`), as the store computed
 * them; the line discounts show at their lines.
 */
export function AdjustmentRows({ totals, money, onRemoveCoupon }: AdjustmentRowsProps) {
  return (
    <>
      {totals.coupons.map((coupon) => (
        <Fragment key={coupon.code}>
          <dt className="register-adjustment">
            {ADJUST_TEXTS.couponLine(coupon.code)}
            {onRemoveCoupon && (
              <button
                type="button"
                className="register-remove"
                aria-label={ADJUST_TEXTS.removeCoupon(coupon.code)}
                onClick={() => onRemoveCoupon(coupon.code)}
              >
                ×
              </button>
            )}
          </dt>
          <dd data-testid="register-coupon-discount">−{money(coupon.discount)}</dd>
        </Fragment>
      ))}
      {totals.fees
        .filter((fee) => fee.key === 'cart')
        .map((fee) => (
          <Fragment key={fee.key}>
            <dt>{fee.name}</dt>
            <dd data-testid="register-cart-discount">{money(fee.total)}</dd>
          </Fragment>
        ))}
    </>
  );
}

export interface LineDiscountProps {
  item: CartItem;
  index: number;
  totals: PricedTotals | null;
  money: Money;
  mayDiscount: boolean;
  onEdit: (item: CartItem) => void;
}

/** A line's discount as the store computed it, and (for who may give one) its button. */
export function LineDiscount({
  item,
  index,
  totals,
  money,
  mayDiscount,
  onEdit,
}: LineDiscountProps) {
  const fee = totals?.fees.find((f) => f.key === `line:${index}`);
  return (
    <span className="register-line-discount">
      {fee && <span className="register-muted">{`${fee.name}: ${money(fee.total)}`}</span>}
      {mayDiscount && (
        <button
          type="button"
          className="register-link"
          aria-label={ADJUST_TEXTS.discountOn(item.product.name)}
          onClick={() => onEdit(item)}
        >
          {ADJUST_TEXTS.discount}
        </button>
      )}
    </span>
  );
}

/** The label of a discount as the cart's button shows it ("10%", "$5.00"). */
export function discountLabel(discount: Discount, money: Money): string {
  return discount.type === 'percent' ? `${discount.amount}%` : money(discount.amount);
}

/** The receipt's rows of the sale's coupons and discounts (`<tr>`s of its totals). */
export function ReceiptAdjustmentRows({ sale, money }: { sale: PricedTotals; money: Money }) {
  return (
    <>
      {sale.coupons.map((coupon) => (
        <tr key={coupon.code}>
          <th scope="row">{ADJUST_TEXTS.couponLine(coupon.code)}</th>
          <td>−{money(coupon.discount)}</td>
        </tr>
      ))}
      {sale.fees.map((fee) => (
        <tr key={fee.key}>
          <th scope="row">{fee.name}</th>
          <td>{money(fee.total)}</td>
        </tr>
      ))}
    </>
  );
}
