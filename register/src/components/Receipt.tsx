import { useEffect, useRef } from 'react';
import { formatMoney } from '../money';
import { ReceiptAdjustmentRows } from './CartAdjustments';
import { TEXTS } from '../texts';
import { ReceiptCashRows, ReceiptLineRows } from './ReceiptLines';
import type { ReceiptSettings, Sale } from '../types';
import { customerName } from './customerName';
import { EmailReceipt } from './EmailReceipt';

export interface ReceiptProps {
  sale: Sale;
  storeName: string;
  locale: string;
  /** The station's receipt settings: header, footer, print after each sale. */
  settings: ReceiptSettings;
  /** Mails the receipt; resolves with the address it went to. */
  onEmail: (email: string) => Promise<string>;
  onNewSale: () => void;
  /** The label of the button that leaves the receipt (New sale after a sale). */
  closeLabel?: string;
  /** Offers a refund of the sale (an earlier sale opened from today's sales). */
  onRefund?: () => void;
}

/** How the sale was paid: each tender (with its reference), or the one payment of older sales. */
function paidWith(sale: Sale, money: (amount: string) => string): string[] {
  const tenders = sale.tenders ?? [];
  if (tenders.length <= 1) {
    return [sale.reference === null ? TEXTS.paidCash : TEXTS.paidCard(sale.reference)];
  }
  return tenders.map((tender) =>
    tender.method === 'cash'
      ? TEXTS.paidCashAmount(money(tender.amount))
      : TEXTS.paidCardAmount(money(tender.amount), tender.reference ?? ''),
  );
}

/**
 * A sale's receipt (the sale just made, shown at once, or one of today's), with the station's
 * header and footer; printed on an 80 mm roll (register.css) by itself when the station says
 * so, and emailed.
 */
export function Receipt({
  sale,
  storeName,
  locale,
  settings,
  onEmail,
  onNewSale,
  closeLabel = TEXTS.newSale,
  onRefund,
}: ReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // "Print a receipt after each sale": the print dialog opens once the receipt is drawn.
  useEffect(() => {
    if (!settings.print) return undefined;
    const timer = window.setTimeout(() => window.print(), 0);
    return () => window.clearTimeout(timer);
  }, [settings.print, sale.id]);
  const money = (amount: string) => formatMoney(amount, sale.currency, locale);
  const when = new Date(`${sale.date_created_gmt}Z`).toLocaleString(locale);
  return (
    <section className="register-receipt" aria-labelledby="register-receipt-heading">
      <h2 id="register-receipt-heading" ref={heading} tabIndex={-1}>
        {TEXTS.receipt}
      </h2>
      <p>
        {/* The station's header stands for the store's name when it has one. */}
        <strong className="register-receipt-header" data-testid="receipt-header">
          {settings.header || storeName}
        </strong>
        <br />
        {sale.station.name} · {sale.cashier}
        <br />
        <span data-testid="register-order-number">{TEXTS.order(sale.number)}</span> · {when}
        {sale.customer && (
          <>
            <br />
            <span data-testid="receipt-customer">
              {TEXTS.customer}: {customerName(sale.customer)}
            </span>
          </>
        )}
      </p>
      <table>
        <ReceiptLineRows lines={sale.line_items} money={money} />
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
          <ReceiptCashRows tendered={sale.tendered} change={sale.change} money={money} />
          {sale.refunded !== undefined && Number(sale.refunded) > 0 && (
            <tr>
              <th scope="row">{TEXTS.refunded}</th>
              <td data-testid="receipt-refunded">{money(sale.refunded)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      {paidWith(sale, money).map((text) => (
        <p key={text}>{text}</p>
      ))}
      {(sale.refunds ?? []).map((refund) => (
        <p key={refund.id} className="register-muted">
          {TEXTS.refund}: {money(refund.amount)} · {refund.reason}
        </p>
      ))}
      {sale.note && (
        <p data-testid="receipt-note">
          {TEXTS.noteOnReceipt}: {sale.note}
        </p>
      )}
      {settings.footer && (
        <p className="register-receipt-footer" data-testid="receipt-footer">
          {settings.footer}
        </p>
      )}
      <EmailReceipt defaultEmail={sale.customer?.email ?? ''} onSend={onEmail} />
      <div className="register-actions register-no-print">
        <button type="button" className="register-secondary" onClick={() => window.print()}>
          {TEXTS.print}
        </button>
        {onRefund && sale.status !== 'refunded' && (
          <button type="button" className="register-secondary" onClick={onRefund}>
            {TEXTS.refund}
          </button>
        )}
        <button type="button" className="register-primary" onClick={onNewSale}>
          {closeLabel}
        </button>
      </div>
    </section>
  );
}
