import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { Button, FormError, TextField, required } from '@pos/shared';
import { billingTestIds } from '../../testIds';
import {
  ADDRESS_LABELS,
  BACK_TO_CARDS,
  COUNTRY_HINT,
  NAME_ON_INVOICE,
  NAME_ON_INVOICE_REQUIRED,
  SAVE_BILLING_DETAILS,
  fieldCannotBeEmpty,
} from '../../texts';
import type { BillingDetailsUpdate, Card } from '../../types';
import { brandName } from '../SavedCardItem';
import './EditCardForm.css';

/** The edit-card form's values. */
export interface BillingDetailsValues {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
}

/** A card's billing details as the form starts with them. */
export function initialBillingValues(card: Card): BillingDetailsValues {
  const { name, address } = card.billingDetails;
  return {
    name: name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    country: address.country ?? '',
  };
}

/** The form's values as PUT /payment-method takes them, trimmed; Address 2 only when given. */
export function toBillingDetails(values: BillingDetailsValues): BillingDetailsUpdate {
  const line2 = values.line2.trim();
  return {
    name: values.name.trim(),
    address: {
      line1: values.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: values.city.trim(),
      state: values.state.trim(),
      // Stripe keeps countries as ISO 3166-1 alpha-2 codes, upper case.
      country: values.country.trim().toUpperCase(),
    },
  };
}

export interface EditCardFormProps {
  card: Card;
  /** Saves the details; resolves to the text to show when that failed, undefined when saved. */
  onSave: (details: BillingDetailsUpdate) => Promise<string | undefined>;
  onBack: () => void;
}

const requiredAddress = (label: string) => required<string>(fieldCannotBeEmpty(label));

/**
 * A card's billing details (spec 5): 'Name on Invoice cannot be empty'; Address 1, City, State
 * and Country '{label} field cannot be emptry' (the spec's spelling); Address 2 optional.
 */
export function EditCardForm({ card, onSave, onBack }: EditCardFormProps) {
  return (
    <Form<BillingDetailsValues>
      initialValues={initialBillingValues(card)}
      onSubmit={async (values) => {
        const refused = await onSave(toBillingDetails(values));
        return refused ? { [FORM_ERROR]: refused } : undefined;
      }}
      render={({ handleSubmit, submitting }) => (
        <form
          className="pos-edit-card"
          noValidate
          aria-label={`Billing details of ${brandName(card.brand)} •••• ${card.last4}`}
          data-testid={billingTestIds.cards.editForm}
          onSubmit={(event) => void handleSubmit(event)}
        >
          <p className="pos-edit-card__card">{`${brandName(card.brand)} •••• ${card.last4}`}</p>
          <TextField
            name="name"
            label={NAME_ON_INVOICE}
            autoComplete="name"
            validate={required(NAME_ON_INVOICE_REQUIRED)}
            busy={submitting}
          />
          <TextField
            name="line1"
            label={ADDRESS_LABELS.line1}
            autoComplete="address-line1"
            validate={requiredAddress(ADDRESS_LABELS.line1)}
            busy={submitting}
          />
          <TextField
            name="line2"
            label={ADDRESS_LABELS.line2}
            autoComplete="address-line2"
            busy={submitting}
          />
          <div className="pos-edit-card__row">
            <TextField
              name="city"
              label={ADDRESS_LABELS.city}
              autoComplete="address-level2"
              validate={requiredAddress(ADDRESS_LABELS.city)}
              busy={submitting}
            />
            <TextField
              name="state"
              label={ADDRESS_LABELS.state}
              autoComplete="address-level1"
              validate={requiredAddress(ADDRESS_LABELS.state)}
              busy={submitting}
            />
          </div>
          <TextField
            name="country"
            label={ADDRESS_LABELS.country}
            hint={COUNTRY_HINT}
            autoComplete="country"
            maxLength={2}
            autoCapitalize="characters"
            validate={requiredAddress(ADDRESS_LABELS.country)}
            busy={submitting}
          />
          <FormError />
          <div className="pos-edit-card__actions">
            <Button type="submit" loading={submitting}>
              {SAVE_BILLING_DETAILS}
            </Button>
            <Button variant="ghost" icon="arrow-left" onClick={onBack}>
              {BACK_TO_CARDS}
            </Button>
          </div>
        </form>
      )}
    />
  );
}
