import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { formatMoney, fromCents, quickAmounts, toCents } from '../money';
import { TEXTS } from '../texts';
import type { Tender } from '../types';
import { TenderList } from './TenderList';
import { RegisterDialog } from './RegisterDialog';

export interface PayDialogProps {
  /** The store's total to pay, e.g. "12.53". */
  total: string;
  currency: string;
  locale: string;
  /** Completes the sale; resolves with the store's refusal text, or null when it is done. */
  onComplete: (tenders: Tender[]) => Promise<string | null>;
  onCancel: () => void;
}

const centsOf = (tender: Tender) => toCents(tender.amount) ?? 0;

/**
 * Taking the payment, in one or more tenders: cash (amount tendered, quick amounts, change due)
 * and/or a card taken on an external terminal (its reference and amount). Add payment keeps a
 * tender and asks for the rest; Complete sale takes the tender being entered for what is left.
 * The store checks that the tenders cover its total when it makes the order.
 */
export function PayDialog({ total, currency, locale, onComplete, onCancel }: PayDialogProps) {
  const first = useRef<HTMLInputElement>(null);
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [tendered, setTendered] = useState(total);
  const [amount, setAmount] = useState(total);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(fromCents(cents), currency, locale);
  const totalCents = toCents(total) ?? 0;
  const left = totalCents - tenders.reduce((sum, tender) => sum + centsOf(tender), 0);
  const tenderedCents = toCents(tendered);
  const change = tenderedCents !== null && tenderedCents >= left ? tenderedCents - left : null;

  /** The tender being entered, or why it cannot be taken; `covering`: it must pay what is left. */
  const entered = (covering: boolean): Tender | string => {
    if (method === 'cash') {
      if (tenderedCents === null || tenderedCents === 0) return TEXTS.badAmount;
      if (covering && tenderedCents < left) return TEXTS.tenderedShort;
      const applied = Math.min(tenderedCents, left);
      return { method: 'cash', amount: fromCents(applied), tendered: fromCents(tenderedCents) };
    }
    if (reference.trim() === '') return TEXTS.referenceRequired;
    const cents = toCents(amount);
    if (cents === null || cents === 0) return TEXTS.badAmount;
    if (cents > left) return TEXTS.amountAboveLeft;
    if (covering && cents < left) return TEXTS.notCovered;
    return { method: 'card', amount: fromCents(cents), reference: reference.trim() };
  };

  const keep = (next: Tender[]) => {
    setTenders(next);
    const rest = fromCents(totalCents - next.reduce((sum, tender) => sum + centsOf(tender), 0));
    setTendered(rest);
    setAmount(rest);
    setReference('');
    setError(null);
  };

  const add = () => {
    if (left <= 0) return;
    const tender = entered(false);
    if (typeof tender === 'string') return setError(tender);
    keep([...tenders, tender]);
    first.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let all = tenders;
    if (left > 0) {
      const tender = entered(true);
      if (typeof tender === 'string') return setError(tender);
      all = [...tenders, tender];
    }
    setError(null);
    setBusy(true);
    const refusal = await onComplete(all);
    setBusy(false);
    if (refusal) setError(refusal);
  };

  return (
    <RegisterDialog
      titleId="register-pay-title"
      title={
        <>
          {TEXTS.payTitle}: {money(totalCents)}
        </>
      }
      initialFocus={first}
      onCancel={onCancel}
      onSubmit={submit}
      error={error}
      intro={
        <>
          <TenderList
            tenders={tenders}
            money={(value) => money(toCents(value) ?? 0)}
            onRemove={(index) => keep(tenders.filter((_, at) => at !== index))}
          />
          <p className="register-left" aria-live="polite">
            {TEXTS.leftToPay}: <strong data-testid="pay-left">{money(left)}</strong>
          </p>
        </>
      }
      actions={
        <>
          <button type="button" className="register-secondary" onClick={add} disabled={left <= 0}>
            {TEXTS.addPayment}
          </button>
          <button type="submit" className="register-primary" aria-busy={busy}>
            {TEXTS.complete}
          </button>
        </>
      }
    >
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
            {quickAmounts(Math.max(left, 0)).map((cents) => (
              <button key={cents} type="button" onClick={() => setTendered(fromCents(cents))}>
                {money(cents)}
              </button>
            ))}
          </div>
          <p className="register-change" aria-live="polite">
            {TEXTS.changeDue}:{' '}
            <strong data-testid="pay-change">{change === null ? '—' : money(change)}</strong>
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
          <label htmlFor="register-card-amount">{TEXTS.amount}</label>
          <input
            id="register-card-amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </>
      )}
    </RegisterDialog>
  );
}
