import { Badge, Button } from '@pos/shared';
import { billingTestIds } from '../../testIds';
import { CARD_IN_USE, DEFAULT_CARD, DELETE_CARD, EDIT_CARD, MAKE_DEFAULT } from '../../texts';
import type { Card } from '../../types';
import './SavedCardItem.css';

const ids = billingTestIds.cards;

/** How a card brand is written ('visa' → 'Visa', 'amex' → 'American Express'). */
export function brandName(brand: string): string {
  const known: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
  };
  return known[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** The short mark drawn for a brand on the card's chip ('VISA', 'MC', 'AMEX'). */
function brandMark(brand: string): string {
  const marks: Record<string, string> = {
    mastercard: 'MC',
    amex: 'AMEX',
    diners: 'DC',
    unionpay: 'UP',
  };
  return marks[brand] ?? brand.slice(0, 4).toUpperCase();
}

export interface SavedCardItemProps {
  card: Card;
  /** A change of this card is being saved: its buttons wait. */
  busy?: boolean;
  /** A paused account cannot change cards (the api answers 402): no buttons. */
  readOnly?: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/**
 * One saved card: brand, last four digits, expiry and funding, 'Default' on the default card,
 * and the plans it pays for. Delete is offered only for a card no subscription uses (spec 5).
 */
export function SavedCardItem({
  card,
  busy = false,
  readOnly = false,
  onEdit,
  onMakeDefault,
  onDelete,
}: SavedCardItemProps) {
  const name = `${brandName(card.brand)} •••• ${card.last4}`;
  const expires = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
  const inUse = card.services.length > 0;
  return (
    <li className="pos-saved-card" data-testid={ids.card} data-last4={card.last4}>
      <div className="pos-saved-card__mark" aria-hidden="true">
        {brandMark(card.brand)}
      </div>
      <div className="pos-saved-card__details">
        <p className="pos-saved-card__name">
          <span>{name}</span>
          {card.isDefaultPM && (
            <Badge tone="success" icon="check" data-testid={ids.defaultBadge}>
              {DEFAULT_CARD}
            </Badge>
          )}
        </p>
        <p className="pos-saved-card__meta">
          {`Expires ${expires} · ${card.funding}`}
          {card.billingDetails.name ? ` · ${card.billingDetails.name}` : ''}
        </p>
        {inUse && <p className="pos-saved-card__meta">{CARD_IN_USE(card.services)}</p>}
      </div>
      {!readOnly && (
        <div className="pos-saved-card__actions" role="group" aria-label={name}>
          <Button variant="ghost" size="sm" onClick={onEdit} data-testid={ids.edit}>
            {EDIT_CARD}
          </Button>
          {!card.isDefaultPM && (
            <Button
              variant="ghost"
              size="sm"
              loading={busy}
              onClick={onMakeDefault}
              data-testid={ids.makeDefault}
            >
              {MAKE_DEFAULT}
            </Button>
          )}
          {!inUse && (
            <Button
              variant="ghost"
              size="sm"
              icon="trash"
              onClick={onDelete}
              aria-disabled={busy || undefined}
              data-testid={ids.remove}
            >
              {DELETE_CARD}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
