import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { Button } from '@pos/shared';
import { FormError, TextField, required, type TextFieldProps } from '@pos/shared/forms';
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

type AddressKey = keyof typeof ADDRESS_LABELS;

/** What each address field adds to its label: autofill, and the rest (Address 2 is optional). */
const ADDRESS_FIELDS: Record<
  AddressKey,
  { autoComplete: string; optional?: true } & Partial<TextFieldProps>
> = {
  line1: { autoComplete: 'address-line1' },
  line2: { autoComplete: 'address-line2', optional: true },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  country: {
    autoComplete: 'country',
    hint: COUNTRY_HINT,
    maxLength: 2,
    autoCapitalize: 'characters',
  },
};

/** The address fields top to bottom; City and State share a row. */
const ADDRESS_ROWS: readonly (readonly AddressKey[])[] = [
  ['line1'],
  ['line2'],
  ['city', 'state'],
  ['country'],
];

/** Spec 5: '{label} field cannot be emptry', made once per field, not on every render. */
const ADDRESS_VALIDATORS = Object.fromEntries(
  (Object.keys(ADDRESS_LABELS) as AddressKey[]).map((key) => [
    key,
    ADDRESS_FIELDS[key].optional
      ? undefined
      : required<string>(fieldCannotBeEmpty(ADDRESS_LABELS[key])),
  ]),
) as Record<AddressKey, TextFieldProps['validate']>;

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
          {ADDRESS_ROWS.map((row) => {
            const fields = row.map((key) => {
              const { optional: _optional, ...props } = ADDRESS_FIELDS[key];
              return (
                <TextField
                  key={key}
                  {...props}
                  name={key}
                  label={ADDRESS_LABELS[key]}
                  validate={ADDRESS_VALIDATORS[key]}
                  busy={submitting}
                />
              );
            });
            return fields.length > 1 ? (
              <div key={row.join('-')} className="pos-edit-card__row">
                {fields}
              </div>
            ) : (
              fields
            );
          })}
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
