import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useModalFocus } from '@pos/shared/ui/Modal';
import { ADJUST_TEXTS } from '../adjustTexts';
import { fromCents, toCents } from '../money';
import { TEXTS } from '../texts';
import type { Discount } from '../types';

export interface DiscountDialogProps {
  /** "Discount on Espresso" or "Cart discount". */
  title: string;
  current: Discount | undefined;
  /** Sets the discount; null takes it off. */
  onApply: (discount: Discount | null) => void;
  onCancel: () => void;
}

/**
 * A line or cart discount: a percentage or a fixed amount. The store turns it into a
 * WooCommerce fee and computes the tax; it refuses a store user without the capability.
 */
export function DiscountDialog({ title, current, onApply, onCancel }: DiscountDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<Discount['type']>(current?.type ?? 'percent');
  const [amount, setAmount] = useState(current?.amount ?? '');
  const [error, setError] = useState<string | null>(null);
  const onKeyDown = useModalFocus(dialog, { open: true, onEscape: onCancel, initialFocus: first });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = toCents(amount);
    if (type === 'percent') {
      if (cents === null || cents <= 0 || cents > 10_000) return setError(ADJUST_TEXTS.badPercent);
    } else if (cents === null || cents <= 0) {
      return setError(ADJUST_TEXTS.badFixed);
    }
    onApply({ type, amount: type === 'percent' ? String(cents / 100) : fromCents(cents) });
  };

  return (
    <div className="register-overlay">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="register-discount-title"
        className="register-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id="register-discount-title">{title}</h2>
        <form onSubmit={submit} noValidate>
          <fieldset className="register-methods">
            <legend>{ADJUST_TEXTS.discountKind}</legend>
            {(['percent', 'fixed'] as const).map((kind) => (
              <label key={kind}>
                <input
                  ref={kind === 'percent' ? first : undefined}
                  type="radio"
                  name="discount-type"
                  value={kind}
                  checked={type === kind}
                  onChange={() => {
                    setType(kind);
                    setError(null);
                  }}
                />
                {kind === 'percent' ? ADJUST_TEXTS.percent : ADJUST_TEXTS.fixed}
              </label>
            ))}
          </fieldset>
          <label htmlFor="register-discount-amount">
            {type === 'percent' ? ADJUST_TEXTS.percentAmount : ADJUST_TEXTS.fixedAmount}
          </label>
          <input
            id="register-discount-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          {error && (
            <p role="alert" className="register-error">
              {error}
            </p>
          )}
          <div className="register-actions">
            <button type="button" className="register-secondary" onClick={onCancel}>
              {TEXTS.cancel}
            </button>
            {current && (
              <button type="button" className="register-secondary" onClick={() => onApply(null)}>
                {ADJUST_TEXTS.removeDiscount}
              </button>
            )}
            <button type="submit" className="register-primary">
              {ADJUST_TEXTS.apply}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
