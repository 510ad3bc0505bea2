import type { ReactNode } from 'react';
import type { CartItem } from '../cart';
import type { CartAction } from '../cart';
import { formatMoney, fromCents, toCents } from '../money';
import { TEXTS } from '../texts';
import { ProvisionalTotal } from '../offline/ProvisionalTotal';
import type { CartTotals } from '../types';

export interface CartPanelProps {
  cart: CartItem[];
  /** The store's totals of this cart; null while it computes them. */
  totals: CartTotals | null;
  currency: string;
  locale: string;
  dispatch: (action: CartAction) => void;
  onPay: () => void;
  /** Whether the register may sell at all (the store user's capability). */
  maySell: boolean;
  /** What a line shows under its name (its discount). */
  lineExtra?: (item: CartItem, index: number) => ReactNode;
  /** Rows of the totals between the subtotal and the tax (coupons, the cart discount). */
  totalsExtra?: ReactNode;
  /** What comes before Clear and Pay (the coupon field, the cart discount). */
  footerExtra?: ReactNode;
}

/** The current sale: its lines with quantities, the store's totals, Pay and Clear. */
export function CartPanel({
  cart,
  totals,
  currency,
  locale,
  dispatch,
  onPay,
  maySell,
  lineExtra,
  totalsExtra,
  footerExtra,
}: CartPanelProps) {
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const lineTotal = (item: CartItem) =>
    fromCents((toCents(item.product.price) ?? 0) * item.quantity);
  return (
    <section className="register-cart" aria-labelledby="register-cart-heading">
      <h2 id="register-cart-heading">{TEXTS.cart}</h2>
      {cart.length === 0 ? (
        <p className="register-muted">{TEXTS.emptyCart}</p>
      ) : (
        <ul className="register-lines" aria-label={TEXTS.cart}>
          {cart.map((item, index) => (
            <li key={item.product.id}>
              <span className="register-line-name">
                <span>{item.product.name}</span>
                {lineExtra?.(item, index)}
              </span>
              <span className="register-quantity">
                <button
                  type="button"
                  aria-label={`One less ${item.product.name}`}
                  onClick={() => dispatch({ type: 'decrement', productId: item.product.id })}
                >
                  −
                </button>
                <output aria-label={`Quantity of ${item.product.name}`}>{item.quantity}</output>
                <button
                  type="button"
                  aria-label={`One more ${item.product.name}`}
                  onClick={() => dispatch({ type: 'increment', productId: item.product.id })}
                >
                  +
                </button>
              </span>
              <span className="register-line-total">{money(lineTotal(item))}</span>
              <button
                type="button"
                className="register-remove"
                aria-label={`Remove ${item.product.name}`}
                onClick={() => dispatch({ type: 'remove', productId: item.product.id })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <dl className="register-totals" aria-live="polite" aria-busy={cart.length > 0 && !totals}>
        {cart.length > 0 && !totals ? (
          <>
            <dt>{TEXTS.total}</dt>
            <dd>{TEXTS.calculating}</dd>
          </>
        ) : totals?.provisional ? (
          <ProvisionalTotal total={money(totals.total)} />
        ) : (
          <>
            <dt>{TEXTS.subtotal}</dt>
            <dd data-testid="register-subtotal">{money(totals?.subtotal ?? '0')}</dd>
            {totalsExtra}
            <dt>{totals?.prices_include_tax ? TEXTS.taxIncluded : TEXTS.tax}</dt>
            <dd data-testid="register-tax">{money(totals?.total_tax ?? '0')}</dd>
            <dt className="register-grand">{TEXTS.total}</dt>
            <dd className="register-grand" data-testid="register-total">
              {money(totals?.total ?? '0')}
            </dd>
          </>
        )}
      </dl>
      {!maySell && <p role="alert">{TEXTS.cannotSell}</p>}
      {footerExtra}
      <div className="register-actions">
        <button
          type="button"
          className="register-secondary"
          disabled={cart.length === 0}
          onClick={() => dispatch({ type: 'clear' })}
        >
          {TEXTS.clear}
        </button>
        <button
          type="button"
          className="register-primary"
          disabled={cart.length === 0 || !totals || !maySell}
          onClick={onPay}
        >
          {TEXTS.pay} {totals && cart.length > 0 ? money(totals.total) : ''}
        </button>
      </div>
    </section>
  );
}
