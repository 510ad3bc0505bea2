import { formatMoney } from '../money';
import { TEXTS } from '../texts';
import type { RecordedTender, SaleEntry } from '../types';

export interface SalesListProps {
  sales: SaleEntry[];
  locale: string;
  onOpen: (sale: SaleEntry) => void;
}

/** The tenders of a sale in a few words: "Cash $5.00 + Card $7.53". */
export function tendersText(tenders: RecordedTender[], money: (amount: string) => string): string {
  return tenders.map((tender) => TEXTS.tenderName(tender.method, money(tender.amount))).join(' + ');
}

/** The station's sales of today: time, number, total, cashier, tenders and status; each opens its receipt. */
export function SalesList({ sales, locale, onOpen }: SalesListProps) {
  if (sales.length === 0) return <p className="register-muted">{TEXTS.noSales}</p>;
  return (
    <table className="register-sales" aria-label={TEXTS.todaysSales}>
      <thead>
        <tr>
          <th scope="col">{TEXTS.time}</th>
          <th scope="col">{TEXTS.number}</th>
          <th scope="col">{TEXTS.total}</th>
          <th scope="col">{TEXTS.cashier}</th>
          <th scope="col">{TEXTS.tenders}</th>
          <th scope="col">{TEXTS.status}</th>
        </tr>
      </thead>
      <tbody>
        {sales.map((sale) => {
          const money = (amount: string) => formatMoney(amount, sale.currency, locale);
          const time = new Date(`${sale.date_created_gmt}Z`).toLocaleTimeString(locale, {
            hour: '2-digit',
            minute: '2-digit',
          });
          return (
            <tr key={sale.id} data-testid={`sale-${sale.number}`}>
              <td>{time}</td>
              <td>
                <button
                  type="button"
                  className="register-link"
                  aria-label={TEXTS.openReceipt(sale.number)}
                  onClick={() => onOpen(sale)}
                >
                  #{sale.number}
                </button>
              </td>
              <td>
                {money(sale.total)}
                {Number(sale.refunded) > 0 && (
                  <span className="register-muted">
                    {' '}
                    ({TEXTS.refunded} {money(sale.refunded)})
                  </span>
                )}
              </td>
              <td>{sale.cashier}</td>
              <td>{tendersText(sale.tenders, money)}</td>
              <td>{sale.status}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
