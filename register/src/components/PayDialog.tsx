import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { useModalFocus } from '@pos/shared/ui/Modal';
import { formatMoney, fromCents, quickAmounts, toCents } from '../money';
import { TEXTS } from '../texts';
import type { Payment } from '../types';

export interface PayDialogProps {
  /** The store's total to pay, e.g. "12.53". */
  total: string;
  currency: string;
  locale: string;
  /** Completes the sale; resolves with the store's refusal text, or null when it is done. */
  onComplete: (payment: Payment) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Taking the payment: cash (amount tendered, quick amounts, change due) or a card taken on an
 * external terminal (its reference). The store checks the payment again when it makes the order.
 */
export function PayDialog({ total, currency, locale, onComplete, onCancel }: PayDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [tendered, setTendered] = useState(total);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onKeyDown = useModalFocus(dialog, { open: true, onEscape: onCancel, initialFocus: first });
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const totalCents = toCents(total) ?? 0;
  const tenderedCents = toCents(tendered);
  const change =
    tenderedCents !== null && tenderedCents >= totalCents
      ? fromCents(tenderedCents - totalCents)
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let payment: Payment;
    if (method === 'cash') {
      if (tenderedCents === null) return setError(TEXTS.badAmount);
      if (tenderedCents < totalCents) return setError(TEXTS.tenderedShort);
      payment = { method: 'cash', tendered: fromCents(tenderedCents) };
    } else {
      if (reference.trim() === '') return setError(TEXTS.referenceRequired);
      payment = { method: 'card', reference: reference.trim() };
    }
    setError(null);
    setBusy(true);
    const refusal = await onComplete(payment);
    setBusy(false);
    if (refusal) setError(refusal);
  };

  return (
    <div className="register-overlay">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="register-pay-title"
        className="register-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id="register-pay-title">
          {TEXTS.payTitle}: {money(total)}
        </h2>
        <form onSubmit={submit} noValidate>
          <fieldset className="register-methods">
            <legend>Payment method</legend>
            {(['cash', 'card'] as const).map((m) => (
              <label key={m}>
                <input
                  ref={m === 'cash' ? first : undefined}
                  type="radio"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => {
                    setMethod(m);
                    setError(null);
                  }}
                />
                {m === 'cash' ? TEXTS.cash : TEXTS.card}
              </label>
            ))}
          </fieldset>
          {method === 'cash' ? (
            <>
              <label htmlFor="register-tendered">{TEXTS.tendered}</label>
              <input
                id="register-tendered"
                inputMode="decimal"
                autoComplete="off"
                value={tendered}
                onChange={(event) => setTendered(event.target.value)}
              />
              <div className="register-quick" role="group" aria-label={TEXTS.quickAmounts}>
                {quickAmounts(totalCents).map((cents) => (
                  <button key={cents} type="button" onClick={() => setTendered(fromCents(cents))}>
                    {money(fromCents(cents))}
                  </button>
                ))}
              </div>
              <p className="register-change" aria-live="polite">
                {TEXTS.changeDue}: <strong>{change === null ? '—' : money(change)}</strong>
              </p>
            </>
          ) : (
            <>
              <label htmlFor="register-reference">{TEXTS.reference}</label>
              <input
                id="register-reference"
                autoComplete="off"
                maxLength={64}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            </>
          )}
          {error && (
            <p role="alert" className="register-error">
              {error}
            </p>
          )}
          <div className="register-actions">
            <button type="button" className="register-secondary" onClick={onCancel}>
              {TEXTS.cancel}
            </button>
            <button type="submit" className="register-primary" aria-busy={busy}>
              {TEXTS.complete}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
