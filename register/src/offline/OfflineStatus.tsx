import { formatMoney } from '../money';
import type { Product } from '../types';
import type { Settled } from './queue';
import { differences, shortOfStock } from './queue';
import { OFFLINE_TEXTS } from './texts';

export interface OfflineStatusProps {
  storeAnswers: boolean;
  waiting: number;
  settled: Settled[];
  locale: string;
  /** The catalogue as the register has it now (loaded again once the store answers). */
  products: Product[];
  onDismiss: (seq: number) => void;
}

/**
 * Whether the store answers, how many sales wait for it, and how it settled the queued ones
 * (its totals beside what the register showed) or why it refused one.
 */
export function OfflineStatus({
  storeAnswers,
  waiting,
  settled,
  locale,
  products,
  onDismiss,
}: OfflineStatusProps) {
  if (storeAnswers && waiting === 0 && settled.length === 0) return null;
  return (
    <section className="register-offline" aria-label={OFFLINE_TEXTS.waitingForStore}>
      {!storeAnswers && <p role="alert">{OFFLINE_TEXTS.storeDown}</p>}
      {waiting > 0 && (
        <p role="status" data-testid="register-waiting">
          {OFFLINE_TEXTS.waiting(waiting)}
        </p>
      )}
      {settled.length > 0 && (
        <>
          <h2>{OFFLINE_TEXTS.settledHeading}</h2>
          <ul className="register-settled">
            {settled.map((outcome) => {
              const { shown } = outcome.queued;
              const money = (amount: string) => formatMoney(amount, shown.currency, locale);
              return (
                <li key={outcome.queued.seq} data-testid="register-settled">
                  {'sale' in outcome ? (
                    <>
                      <strong>{OFFLINE_TEXTS.settled(outcome.sale.number)}</strong>:{' '}
                      {OFFLINE_TEXTS.shownSettled(money(shown.total), money(outcome.sale.total))}
                      {shortOfStock(shown, products).map((product) => (
                        <span key={product.id} className="register-settled-line">
                          {OFFLINE_TEXTS.stockBelowZero(product.name, product.stock_quantity ?? 0)}
                        </span>
                      ))}
                      {differences(shown, outcome.sale).map((line) => (
                        <span key={line.name} className="register-settled-line">
                          {line.name}:{' '}
                          {OFFLINE_TEXTS.shownSettled(money(line.shown), money(line.settled))}
                        </span>
                      ))}
                    </>
                  ) : (
                    <span role="alert">{OFFLINE_TEXTS.refused(outcome.refused)}</span>
                  )}{' '}
                  <span className="register-muted">
                    {OFFLINE_TEXTS.queuedAt(new Date(shown.queuedAt).toLocaleString(locale))}
                  </span>
                  <button type="button" onClick={() => onDismiss(outcome.queued.seq)}>
                    {OFFLINE_TEXTS.dismiss}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
