import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { FORM_ERROR } from 'final-form';
import { useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { Button } from '@pos/shared';
import { FormError, TextField, required } from '@pos/shared/forms';
import { billingTestIds } from '../../testIds';
import {
  ADD_CARD,
  CARD_DETAILS,
  NAME_ON_CARD,
  NAME_ON_CARD_REQUIRED,
  SAVE_CARD,
} from '../../texts';
import './NewCardForm.css';

const ids = billingTestIds.cards;

export interface NewCardFormProps {
  /**
   * Saves the pm_ Stripe.js made (POST /payment-method); resolves to the text to show when the
   * api refused it, or undefined when it was saved.
   */
  onCreated: (paymentMethodId: string) => Promise<string | undefined>;
  /** The form's heading; 'Add card' unless given. */
  title?: string;
}

/** A kit token's value: Stripe's frame cannot read the page's CSS, so its look is passed in. */
function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The card element's look, from the kit's tokens. */
function cardStyle() {
  return {
    base: {
      fontSize: '15px',
      lineHeight: '22px',
      color: token('--pos-color-text', '#18212f'),
      fontFamily: token('--pos-font', 'system-ui, sans-serif'),
      '::placeholder': { color: token('--pos-color-text-muted', '#5b6779') },
    },
    invalid: { color: token('--pos-color-danger', '#b42318') },
  };
}

/**
 * A new card (spec 5): the name on the card, required ('Name on card field cannot be empty'),
 * and Stripe's card element. Stripe.js turns the card into a payment method
 * (`createPaymentMethod`) on Stripe's side; only its pm_ id goes to the api. A card Stripe refuses
 * shows Stripe's own message. Must sit inside StripeCardProvider.
 */
export function NewCardForm({ onCreated, title = ADD_CARD }: NewCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardError, setCardError] = useState<string | undefined>();
  const headingId = useId();
  const cardLabelId = useId();
  const cardErrorId = useId();
  const cardOptions = useMemo(() => ({ style: cardStyle(), hidePostalCode: true }), []);

  const onSubmit = async ({ name = '' }: { name?: string }) => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return { [FORM_ERROR]: 'The secure card form is still loading.' };
    const { paymentMethod, error } = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: name.trim() },
    });
    if (error) return { [FORM_ERROR]: error.message ?? 'Your card could not be used.' };
    const refused = await onCreated(paymentMethod.id);
    if (refused) return { [FORM_ERROR]: refused };
    card.clear();
    return undefined;
  };

  return (
    <Form<{ name?: string }>
      onSubmit={onSubmit}
      render={({ handleSubmit, submitting, form }) => (
        <form
          className="pos-new-card"
          aria-labelledby={headingId}
          noValidate
          data-testid={ids.addForm}
          onSubmit={(event) => {
            // A saved card leaves an empty form for the next one (a refused one keeps its name).
            void handleSubmit(event)?.then(() => {
              if (form.getState().submitSucceeded) form.restart();
            });
          }}
        >
          <h3 id={headingId} className="pos-new-card__title">
            {title}
          </h3>
          <TextField
            name="name"
            label={NAME_ON_CARD}
            autoComplete="cc-name"
            validate={required(NAME_ON_CARD_REQUIRED)}
            busy={submitting}
          />
          <div className={`pos-new-card__card${cardError ? ' has-error' : ''}`}>
            <span id={cardLabelId} className="pos-new-card__label">
              {CARD_DETAILS}
            </span>
            <div
              className="pos-new-card__element"
              role="group"
              aria-labelledby={cardLabelId}
              aria-describedby={cardError ? cardErrorId : undefined}
              data-testid={ids.cardElement}
            >
              <CardElement
                options={cardOptions}
                onChange={(event: StripeCardElementChangeEvent) =>
                  setCardError(event.error?.message)
                }
              />
            </div>
            {cardError && (
              <p id={cardErrorId} className="pos-new-card__error" role="alert">
                {cardError}
              </p>
            )}
          </div>
          <FormError />
          <Button type="submit" loading={submitting} disabled={!stripe} icon="plus">
            {SAVE_CARD}
          </Button>
        </form>
      )}
    />
  );
}
