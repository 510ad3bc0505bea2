import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { ADJUST_TEXTS } from '../adjustTexts';
import { fromCents, toCents } from '../money';
import type { Discount } from '../types';
import { RegisterDialog } from './RegisterDialog';

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
  const first = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<Discount['type']>(current?.type ?? 'percent');
  const [amount, setAmount] = useState(current?.amount ?? '');
  const [error, setError] = useState<string | null>(null);

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
    <RegisterDialog
      titleId="register-discount-title"
      title={title}
      initialFocus={first}
      onCancel={onCancel}
      onSubmit={submit}
      error={error}
      actions={
        <>
          {current && (
            <button type="button" className="register-secondary" onClick={() => onApply(null)}>
              {ADJUST_TEXTS.removeDiscount}
            </button>
          )}
          <button type="submit" className="register-primary">
            {ADJUST_TEXTS.apply}
          </button>
        </>
      }
    >
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
    </RegisterDialog>
  );
}
