import { TEXTS } from '../texts';
import type { Sale } from '../types';

/**
 * A line as a receipt shows it: the store's sale line, or one of a sale waiting for the store
 * (no line id, nothing refunded yet).
 */
export type ReceiptLine = Sale['line_items'][number];

export interface ReceiptLineRowsProps {
  lines: ReceiptLine[];
  /** Formats an amount in the sale's currency. */
  money: (amount: string) => string;
}

/**
 * The receipt's lines (quantity × name, the units refunded so far, the line's total): the body
 * of the receipt's table, the same for a sale the store made and one waiting for the store.
 */
export function ReceiptLineRows({ lines, money }: ReceiptLineRowsProps) {
  return (
    <tbody>
      {lines.map((line) => (
        <tr key={line.id ?? `${line.product_id}:${line.variation_id}`}>
          <td>
            {line.quantity} × {line.name}
            {(line.refunded_quantity ?? 0) > 0 && (
              <span className="register-muted">
                {' '}
                ({TEXTS.refunded}: {line.refunded_quantity})
              </span>
            )}
          </td>
          <td>{money(line.total)}</td>
        </tr>
      ))}
    </tbody>
  );
}

export interface ReceiptCashRowsProps {
  /** The cash handed over, or null when no cash was. */
  tendered: string | null;
  /** The change given back, or null. */
  change: string | null;
  money: (amount: string) => string;
}

/** The receipt's cash rows under its total: the amount tendered and the change due. */
export function ReceiptCashRows({ tendered, change, money }: ReceiptCashRowsProps) {
  return (
    <>
      {tendered !== null && (
        <tr>
          <th scope="row">{TEXTS.tendered}</th>
          <td>{money(tendered)}</td>
        </tr>
      )}
      {change !== null && (
        <tr>
          <th scope="row">{TEXTS.changeDue}</th>
          <td data-testid="receipt-change">{money(change)}</td>
        </tr>
      )}
    </>
  );
}
