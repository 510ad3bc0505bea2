import { TEXTS } from '../texts';
import type { Tender } from '../types';

export interface TenderListProps {
  tenders: Tender[];
  /** An amount ("5.00") in the store's currency. */
  money: (amount: string) => string;
  onRemove: (index: number) => void;
}

/** The tenders already taken for a sale, each with a button that takes it back. */
export function TenderList({ tenders, money, onRemove }: TenderListProps) {
  if (tenders.length === 0) return null;
  return (
    <ul className="register-tenders" aria-label={TEXTS.payments}>
      {tenders.map((tender, index) => {
        const name = TEXTS.tenderName(tender.method, money(tender.amount));
        return (
          // Tenders have no id; the same amount twice is still two tenders.
          <li key={index}>
            <span>{name}</span>
            {tender.method === 'card' && <span className="register-muted">{tender.reference}</span>}
            <button
              type="button"
              aria-label={TEXTS.removeTender(name)}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
