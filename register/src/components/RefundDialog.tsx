import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { TEXTS } from '../texts';
import type { RefundLine, Sale } from '../types';
import { RegisterDialog } from './RegisterDialog';

export interface RefundDialogProps {
  sale: Sale;
  /** Refunds the chosen units; resolves with the store's refusal text, or null when done. */
  onRefund: (reason: string, lines: RefundLine[]) => Promise<string | null>;
  onCancel: () => void;
}

/** Units of each line not yet refunded, by line id. */
function unitsLeft(sale: Sale): Map<number, number> {
  return new Map(
    sale.line_items
      .filter((line) => line.id !== undefined)
      .map((line) => [line.id!, line.quantity - (line.refunded_quantity ?? 0)]),
  );
}

/**
 * A refund of some lines and units of a sale, or all of it, with its reason. The store computes
 * the amount (tax included), restocks the units and gives WooCommerce's own refusals.
 */
export function RefundDialog({ sale, onRefund, onCancel }: RefundDialogProps) {
  const first = useRef<HTMLInputElement>(null);
  const left = unitsLeft(sale);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const lines: RefundLine[] = [];
    for (const [lineId, units] of Object.entries(chosen)) {
      const quantity = Number(units);
      if (units.trim() === '' || quantity === 0) continue;
      if (!Number.isInteger(quantity) || quantity < 0) return setError(TEXTS.nothingSelected);
      lines.push({ line_id: Number(lineId), quantity });
    }
    if (lines.length === 0) return setError(TEXTS.nothingSelected);
    if (reason.trim() === '') return setError(TEXTS.reasonRequired);
    setError(null);
    setBusy(true);
    const refusal = await onRefund(reason.trim(), lines);
    setBusy(false);
    if (refusal) setError(refusal);
  };

  return (
    <RegisterDialog
      titleId="register-refund-title"
      title={TEXTS.refundTitle(sale.number)}
      initialFocus={first}
      onCancel={onCancel}
      onSubmit={submit}
      error={error}
      actions={
        <>
          <button type="submit" className="register-primary" aria-busy={busy}>
            {TEXTS.refund}
          </button>
        </>
      }
    >
      {sale.line_items.map((line, index) => {
        const units = line.id === undefined ? 0 : (left.get(line.id) ?? 0);
        const id = `register-refund-${line.id ?? line.product_id}`;
        return (
          <div key={id} className="register-refund-line">
            <label htmlFor={id}>
              {TEXTS.refundQuantity(line.name)} (0–{units})
            </label>
            <input
              ref={index === 0 ? first : undefined}
              id={id}
              type="number"
              min={0}
              max={units}
              step={1}
              inputMode="numeric"
              disabled={units === 0}
              value={line.id === undefined ? '' : (chosen[line.id] ?? '')}
              onChange={(event) =>
                line.id !== undefined &&
                setChosen((now) => ({ ...now, [line.id!]: event.target.value }))
              }
            />
          </div>
        );
      })}
      <button
        type="button"
        className="register-secondary"
        onClick={() =>
          setChosen(Object.fromEntries([...left].map(([id, units]) => [id, String(units)])))
        }
      >
        {TEXTS.refundAll}
      </button>
      <label htmlFor="register-refund-reason">{TEXTS.reason}</label>
      <input
        id="register-refund-reason"
        autoComplete="off"
        maxLength={200}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </RegisterDialog>
  );
}
