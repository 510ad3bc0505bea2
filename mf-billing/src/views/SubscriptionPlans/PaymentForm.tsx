import { useState } from 'react';
import { Card, ErrorState, LoadingState } from '@pos/shared';
import { useCardActions } from '../../hooks/useCardActions';
import { useCards } from '../../hooks/useCards';
import { billingTestIds } from '../../testIds';
import {
  EDIT_CARD,
  LOADING_CARDS,
  PAYMENT,
  PAYMENT_METHOD_ERRORS,
  PAYMENT_METHODS,
} from '../../texts';
import type { Plan } from '../../types';
import { PaymentMethods } from './PaymentMethods';
import { SubscribeView } from './SubscribeView';
import './PaymentForm.css';

export interface PaymentFormProps {
  plan: Plan | null;
  currentPlan: Plan | null;
}

/**
 * The payment form of spec 2.7: the subscribe view, switched to and from the 'Payment Methods'
 * list (which itself switches to a card's edit view). Both work on one list of saved cards.
 */
export function PaymentForm({ plan, currentPlan }: PaymentFormProps) {
  const [view, setView] = useState<'subscribe' | 'methods'>('subscribe');
  const [editing, setEditing] = useState<string | null>(null);
  const cards = useCards();
  const actions = useCardActions(cards.setData);

  const body =
    cards.status === 'error' && cards.data === null ? (
      <ErrorState
        message={<span className="pos-payment__pre">{PAYMENT_METHOD_ERRORS.receiving}</span>}
        onRetry={cards.reload}
        data-testid={billingTestIds.cards.error}
      />
    ) : view === 'methods' ? (
      cards.data === null ? (
        <LoadingState message={LOADING_CARDS} />
      ) : (
        <PaymentMethods
          cards={cards.data}
          actions={actions}
          editing={editing}
          onEdit={setEditing}
          onBack={() => setView('subscribe')}
        />
      )
    ) : (
      <SubscribeView
        plan={plan}
        currentPlan={currentPlan}
        cards={cards.data}
        onAttach={actions.attach}
        onShowMethods={() => setView('methods')}
      />
    );

  return (
    <Card
      title={view === 'subscribe' ? PAYMENT : editing ? EDIT_CARD : PAYMENT_METHODS}
      className="pos-payment"
      data-testid={billingTestIds.payment.form}
    >
      {body}
    </Card>
  );
}
