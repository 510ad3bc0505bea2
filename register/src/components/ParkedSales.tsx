import { TEXTS } from '../texts';
import type { ParkedSale } from '../types';
import { customerName } from './customerName';

export interface ParkedSalesProps {
  /** The station's parked sales; null while they load. */
  parked: ParkedSale[] | null;
  /** Whether the current cart can be parked (it has items and the register may sell). */
  canPark: boolean;
  /** Whether the current cart is empty: only then is a parked sale resumed into it. */
  cartEmpty: boolean;
  locale: string;
  busy: boolean;
  onPark: () => void;
  onResume: (sale: ParkedSale) => void;
  onDiscard: (sale: ParkedSale) => void;
}

/** Park the current sale, and the station's parked sales with their time and cashier. */
export function ParkedSales({
  parked,
  canPark,
  cartEmpty,
  locale,
  busy,
  onPark,
  onResume,
  onDiscard,
}: ParkedSalesProps) {
  const when = (sale: ParkedSale) =>
    new Date(`${sale.parked_at_gmt}Z`).toLocaleTimeString(locale, {
      hour: '2-digit',
      minute: '2-digit',
    });
  // Names the sale in its buttons' labels: its time and its customer.
  const label = (sale: ParkedSale) =>
    `${when(sale)}, ${sale.customer ? customerName(sale.customer) : TEXTS.guest}`;
  const count = (sale: ParkedSale) => sale.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section className="register-parked" aria-labelledby="register-parked-heading">
      <h2 id="register-parked-heading">
        {TEXTS.parked} ({parked?.length ?? 0})
      </h2>
      <button type="button" disabled={!canPark || busy} onClick={onPark}>
        {TEXTS.park}
      </button>
      {parked && parked.length === 0 && <p className="register-muted">{TEXTS.noParked}</p>}
      {parked && parked.length > 0 && (
        <>
          {!cartEmpty && <p className="register-muted">{TEXTS.parkFirst}</p>}
          <ul className="register-parked-list" aria-label={TEXTS.parked}>
            {parked.map((sale) => (
              <li key={sale.id}>
                <span>
                  <strong>{when(sale)}</strong> · {sale.cashier} ·{' '}
                  {sale.customer ? customerName(sale.customer) : TEXTS.guest} ·{' '}
                  {TEXTS.items(count(sale))}
                  {sale.note && <span className="register-muted"> · {sale.note}</span>}
                </span>
                <span className="register-actions">
                  <button
                    type="button"
                    className="register-secondary"
                    aria-label={TEXTS.discardLabel(label(sale))}
                    disabled={busy}
                    onClick={() => onDiscard(sale)}
                  >
                    {TEXTS.discard}
                  </button>
                  <button
                    type="button"
                    aria-label={TEXTS.resumeLabel(label(sale))}
                    disabled={busy || !cartEmpty}
                    onClick={() => onResume(sale)}
                  >
                    {TEXTS.resume}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
