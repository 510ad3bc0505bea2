import { useEffect, useRef } from 'react';
import { formatMoney } from '../money';
import { ReceiptAdjustmentRows } from './CartAdjustments';
import { TEXTS } from '../texts';
import type { Sale } from '../types';

export interface ReceiptProps {
  sale: Sale;
  storeName: string;
  locale: string;
  onNewSale: () => void;
}

/** The receipt of the sale just made, shown at once; printable. */
export function Receipt({ sale, storeName, locale, onNewSale }: ReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (amount: string) => formatMoney(amount, sale.currency, locale);
  const when = new Date(`${sale.date_created_gmt}Z`).toLocaleString(locale);
  return (
    <section className="register-receipt" aria-labelledby="register-receipt-heading">
      <h2 id="register-receipt-heading" ref={heading} tabIndex={-1}>
        {TEXTS.receipt}
      </h2>
      <p>
        <strong>{storeName}</strong>
        <br />
        {sale.station.name} · {sale.cashier}
        <br />
        <span data-testid="register-order-number">{TEXTS.order(sale.number)}</span> · {when}
      </p>
      <table>
        <tbody>
          {sale.line_items.map((line) => (
            <tr key={`${line.product_id}:${line.variation_id}`}>
              <td>
                {line.quantity} × {line.name}
              </td>
              <td>{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{TEXTS.subtotal}</th>
            <td>{money(sale.subtotal)}</td>
          </tr>
          <ReceiptAdjustmentRows sale={sale} money={money} />
          <tr>
            <th scope="row">{TEXTS.tax}</th>
            <td>{money(sale.total_tax)}</td>
          </tr>
          <tr>
            <th scope="row">{TEXTS.total}</th>
            <td data-testid="receipt-total">{money(sale.total)}</td>
          </tr>
          {sale.tendered !== null && (
            <tr>
              <th scope="row">{TEXTS.tendered}</th>
              <td>{money(sale.tendered)}</td>
            </tr>
          )}
          {sale.change !== null && (
            <tr>
              <th scope="row">{TEXTS.changeDue}</th>
              <td data-testid="receipt-change">{money(sale.change)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <p>{sale.reference === null ? TEXTS.paidCash : TEXTS.paidCard(sale.reference)}</p>
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
