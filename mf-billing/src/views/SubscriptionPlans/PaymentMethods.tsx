import { useState } from 'react';
import { Button, ConfirmDialog, useParcel } from '@pos/shared';
import { EditCardForm } from '../../components/EditCardForm';
import { NewCardForm } from '../../components/NewCardForm';
import { SavedCardItem } from '../../components/SavedCardItem';
import { StripeCardProvider } from '../../components/StripeCardProvider';
import type { useCardActions } from '../../hooks/useCardActions';
import { billingTestIds } from '../../testIds';
import {
  BACK_TO_SUBSCRIBE,
  CARD_LIMIT_REACHED,
  DELETE_CARD,
  NO_CARDS,
  UNAVAILABLE_WHILE_PAUSED,
  deleteCardQuestion,
} from '../../texts';
import type { Card } from '../../types';

/** Spec 9: at most 2 saved cards. */
export const MAX_CARDS = 2;

const ids = billingTestIds.cards;

export interface PaymentMethodsProps {
  cards: Card[];
  actions: ReturnType<typeof useCardActions>;
  /** The card whose edit view shows, or null for the list. */
  editing: string | null;
  onEdit: (cardId: string | null) => void;
  onBack: () => void;
}

/**
 * The 'Payment Methods' list and, switched from it, a card's edit view (spec 2.7, 4, 5): the
 * saved cards with the default marked, the add form only with fewer than 2 cards, delete after
 * 'Are you sure you want to permanently delete this {funding} card?' for a card no service uses.
 * A paused account sees its cards without the means to change them (the api would answer 402).
 */
export function PaymentMethods({ cards, actions, editing, onEdit, onBack }: PaymentMethodsProps) {
  const { viewer } = useParcel();
  const [deleting, setDeleting] = useState<Card | null>(null);
  const [busyCard, setBusyCard] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const editedCard = cards.find((card) => card.id === editing);
  if (editedCard) {
    return (
      <EditCardForm
        card={editedCard}
        onSave={async (details) => {
          const refused = await actions.saveBillingDetails(editedCard.id, details);
          if (!refused) onEdit(null);
          return refused;
        }}
        onBack={() => onEdit(null)}
      />
    );
  }

  const run = async (cardId: string, action: () => Promise<string | undefined>) => {
    setBusyCard(cardId);
    setError(null);
    const refused = await action();
    setBusyCard(null);
    if (refused) setError(refused);
  };

  return (
    <div className="pos-payment-methods" data-testid={ids.list}>
      {cards.length === 0 ? (
        <p className="pos-payment__muted">{NO_CARDS}</p>
      ) : (
        <ul className="pos-payment-methods__list">
          {cards.map((card) => (
            <SavedCardItem
              key={card.id}
              card={card}
              busy={busyCard === card.id}
              readOnly={viewer.isBanned}
              onEdit={() => onEdit(card.id)}
              onMakeDefault={() => void run(card.id, () => actions.makeDefault(card.id))}
              onDelete={() => setDeleting(card)}
            />
          ))}
        </ul>
      )}
      {error && (
        <p className="pos-payment__error" role="alert" data-testid={ids.error}>
          {error}
        </p>
      )}
      {viewer.isBanned ? (
        <p className="pos-payment__muted">{UNAVAILABLE_WHILE_PAUSED}</p>
      ) : cards.length < MAX_CARDS ? (
        <StripeCardProvider>
          <NewCardForm onCreated={actions.attach} />
        </StripeCardProvider>
      ) : (
        <p className="pos-payment__muted" data-testid={ids.limit}>
          {CARD_LIMIT_REACHED}
        </p>
      )}
      <Button
        variant="ghost"
        icon="arrow-left"
        onClick={onBack}
        data-testid={billingTestIds.payment.toSubscribe}
      >
        {BACK_TO_SUBSCRIBE}
      </Button>
      <ConfirmDialog
        open={deleting !== null}
        title={DELETE_CARD}
        message={deleting ? deleteCardQuestion(deleting.funding) : undefined}
        confirmLabel={DELETE_CARD}
        tone="danger"
        busy={deleting !== null && busyCard === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const card = deleting;
          void run(card.id, () => actions.remove(card.id)).then(() => setDeleting(null));
        }}
      />
    </div>
  );
}
