import type { RegisterApi } from '../api';
import { TEXTS } from '../texts';
import type { SaleDetails } from '../types';
import { CustomerPicker } from './CustomerPicker';

/** Longest order note the store keeps. */
export const MAX_NOTE = 1000;

export interface SaleDetailsPanelProps {
  api: Pick<RegisterApi, 'findCustomers' | 'createCustomer'>;
  details: SaleDetails;
  mayFindCustomers: boolean;
  mayCreateCustomers: boolean;
  onChange: (details: SaleDetails) => void;
}

/**
 * Who buys and the order's note. The note is WooCommerce's customer-provided note: the order
 * keeps it, the receipt and the emailed invoice show it.
 */
export function SaleDetailsPanel({
  api,
  details,
  mayFindCustomers,
  mayCreateCustomers,
  onChange,
}: SaleDetailsPanelProps) {
  return (
    <section className="register-details" aria-label={TEXTS.saleDetails}>
      <CustomerPicker
        api={api}
        customer={details.customer}
        mayFind={mayFindCustomers}
        mayCreate={mayCreateCustomers}
        onChange={(customer) => onChange({ ...details, customer })}
      />
      <p className="register-note">
        <label htmlFor="register-note">{TEXTS.note}</label>
        <textarea
          id="register-note"
          rows={2}
          maxLength={MAX_NOTE}
          aria-describedby="register-note-hint"
          value={details.note}
          onChange={(event) => onChange({ ...details, note: event.target.value })}
        />
        <span id="register-note-hint" className="register-muted">
          {TEXTS.noteHint}
        </span>
      </p>
    </section>
  );
}
