import { useEffect, useRef } from 'react';
import { formatMoney } from '../money';
import { TEXTS } from '../texts';
import { ReceiptCashRows, ReceiptLineRows } from '../components/ReceiptLines';
import type { ShownSale } from './store';
import { OFFLINE_TEXTS } from './texts';

export interface WaitingReceiptProps {
  shown: ShownSale;
  storeName: string;
  stationName: string;
  cashier: string;
  locale: string;
  onNewSale: () => void;
}

/**
 * The receipt of a sale taken while the store does not answer: marked as waiting for the store,
 * with the last known prices and their provisional total (the store settles tax and the order
 * number when it answers).
 */
export function WaitingReceipt({
  shown,
  storeName,
  stationName,
  cashier,
  locale,
  onNewSale,
}: WaitingReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (amount: string) => formatMoney(amount, shown.currency, locale);
  return (
    <section className="register-receipt" aria-labelledby="register-receipt-heading">
      <h2 id="register-receipt-heading" ref={heading} tabIndex={-1}>
        {TEXTS.receipt}
      </h2>
      <p className="register-waiting-mark" data-testid="receipt-waiting">
        {OFFLINE_TEXTS.waitingForStore}
      </p>
      <p>
        <strong>{storeName}</strong>
        <br />
        {stationName} · {cashier}
        <br />
        {new Date(shown.queuedAt).toLocaleString(locale)}
      </p>
      <table>
        <ReceiptLineRows lines={shown.lines} money={money} />
        <tfoot>
          <tr>
            <th scope="row">{OFFLINE_TEXTS.provisionalTotal}</th>
            <td data-testid="receipt-total">{money(shown.total)}</td>
          </tr>
          <ReceiptCashRows tendered={shown.tendered} change={shown.change} money={money} />
        </tfoot>
      </table>
      <p className="register-muted">{OFFLINE_TEXTS.provisionalNote}</p>
      <p>{shown.reference === null ? TEXTS.paidCash : TEXTS.paidCard(shown.reference)}</p>
      <div className="register-actions register-no-print">
        <button type="button" className="register-secondary" onClick={() => window.print()}>
          {TEXTS.print}
        </button>
        <button type="button" className="register-primary" onClick={onNewSale}>
          {TEXTS.newSale}
        </button>
      </div>
    </section>
  );
}
