import { useCallback } from 'react';
import { useParcel } from '@pos/shared';
import { attachCard, deleteCard, makeDefaultCard, updateBillingDetails } from '../api';
import { billingErrorText } from '../paymentErrors';
import { PAYMENT_METHOD_ERRORS } from '../texts';
import type { BillingDetailsUpdate, Card } from '../types';

type SetCards = (update: (cards: Card[]) => Card[]) => void;

/**
 * What can be done to saved cards. Each resolves to the text to show when the api refused or
 * failed (spec 8), or undefined when done; the list follows what the api answered, and the
 * shell hears `plan-changed` (whether the viewer has a card is part of their plan state).
 */
export function useCardActions(setCards: SetCards) {
  const { api, bus } = useParcel();

  const attach = useCallback(
    async (paymentMethodId: string) => {
      try {
        const card = await attachCard(api, paymentMethodId);
        setCards((cards) => [...cards.filter((known) => known.id !== card.id), card]);
        bus.emit('plan-changed');
        return undefined;
      } catch (error) {
        return billingErrorText(error, PAYMENT_METHOD_ERRORS.attaching);
      }
    },
    [api, bus, setCards],
  );

  const saveBillingDetails = useCallback(
    async (paymentMethodId: string, details: BillingDetailsUpdate) => {
      try {
        const card = await updateBillingDetails(api, paymentMethodId, details);
        setCards((cards) => cards.map((known) => (known.id === card.id ? card : known)));
        return undefined;
      } catch (error) {
        return billingErrorText(error, PAYMENT_METHOD_ERRORS.updating);
      }
    },
    [api, setCards],
  );

  const makeDefault = useCallback(
    async (paymentMethodId: string) => {
      try {
        const card = await makeDefaultCard(api, paymentMethodId);
        setCards((cards) =>
          cards.map((known) => (known.id === card.id ? card : { ...known, isDefaultPM: false })),
        );
        bus.emit('plan-changed');
        return undefined;
      } catch (error) {
        return billingErrorText(error, PAYMENT_METHOD_ERRORS.updating);
      }
    },
    [api, bus, setCards],
  );

  const remove = useCallback(
    async (paymentMethodId: string) => {
      try {
        await deleteCard(api, paymentMethodId);
        setCards((cards) => cards.filter((known) => known.id !== paymentMethodId));
        bus.emit('plan-changed');
        return undefined;
      } catch (error) {
        return billingErrorText(error, PAYMENT_METHOD_ERRORS.deleting);
      }
    },
    [api, bus, setCards],
  );

  return { attach, saveBillingDetails, makeDefault, remove };
}
