import { formatMoney } from '../money';
import { TEXTS } from '../texts';
import type { DaySummary } from '../types';

export interface DaySummaryViewProps {
  summary: DaySummary;
  stationName: string;
  locale: string;
}

/** The station's end-of-day summary: count, gross, refunds, net, by tender and by cashier. */
export function DaySummaryView({ summary, stationName, locale }: DaySummaryViewProps) {
  const money = (amount: string) => formatMoney(amount, summary.currency, locale);
  return (
    <div className="register-summary">
      <p>
        <strong>{stationName}</strong>
      </p>
      <table>
        <tbody>
          <tr>
            <th scope="row">{TEXTS.orders}</th>
            <td data-testid="summary-orders">{summary.orders}</td>
          </tr>
          <tr>
            <th scope="row">{TEXTS.gross}</th>
            <td data-testid="summary-gross">{money(summary.gross)}</td>
          </tr>
          <tr>
            <th scope="row">{TEXTS.refunds}</th>
            <td data-testid="summary-refunds">{money(summary.refunds)}</td>
          </tr>
          <tr>
            <th scope="row">{TEXTS.net}</th>
            <td data-testid="summary-net">{money(summary.net)}</td>
          </tr>
        </tbody>
      </table>
      <h3>{TEXTS.byTender}</h3>
      <table>
        <tbody>
          {summary.tenders.map((tender) => (
            <tr key={tender.method}>
              <th scope="row">{tender.method === 'cash' ? TEXTS.cash : TEXTS.card}</th>
              <td data-testid={`summary-${tender.method}`}>{money(tender.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{TEXTS.byCashier}</h3>
      <table aria-label={TEXTS.byCashier}>
        <thead>
          <tr>
            <th scope="col">{TEXTS.cashier}</th>
            <th scope="col">{TEXTS.orders}</th>
            <th scope="col">{TEXTS.gross}</th>
            <th scope="col">{TEXTS.refunds}</th>
            <th scope="col">{TEXTS.net}</th>
          </tr>
        </thead>
        <tbody>
          {summary.cashiers.map((cashier) => (
            <tr key={cashier.name}>
              <th scope="row">{cashier.name}</th>
              <td>{cashier.orders}</td>
              <td>{money(cashier.gross)}</td>
              <td>{money(cashier.refunds)}</td>
              <td>{money(cashier.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
