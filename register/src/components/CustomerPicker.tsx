import type { FormEvent } from 'react';
import { useState } from 'react';
import type { RegisterApi } from '../api';
import { RegisterError } from '../api';
import { TEXTS } from '../texts';
import type { Customer } from '../types';
import { customerName } from './customerName';

export interface CustomerPickerProps {
  api: Pick<RegisterApi, 'findCustomers' | 'createCustomer'>;
  /** The sale's customer; null for a guest. */
  customer: Customer | null;
  /** Whether the store user may search customers / create them (the store checks again). */
  mayFind: boolean;
  mayCreate: boolean;
  onChange: (customer: Customer | null) => void;
}

const messageOf = (error: unknown) =>
  error instanceof RegisterError || error instanceof Error ? error.message : String(error);

/**
 * The sale's customer: a guest by default, one found among the store's customers by name or
 * email (page by page), or one created by name and email with the store's own refusals.
 */
export function CustomerPicker({
  api,
  customer,
  mayFind,
  mayCreate,
  onChange,
}: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ customers: Customer[]; page: number; pages: number }>();
  const [creating, setCreating] = useState(false);
  const [fields, setFields] = useState({ first_name: '', last_name: '', email: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const find = (page: number) =>
    run(async () => {
      const answer = await api.findCustomers(search.trim(), page);
      setFound((before) => ({
        customers:
          page === 1 ? answer.customers : [...(before?.customers ?? []), ...answer.customers],
        page,
        pages: answer.totalPages,
      }));
    });

  const choose = (chosen: Customer | null) => {
    onChange(chosen);
    setFound(undefined);
    setSearch('');
    setCreating(false);
    setError('');
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (fields.first_name.trim() === '') return setError(TEXTS.firstNameRequired);
    if (fields.email.trim() === '') return setError(TEXTS.emailRequired);
    return run(async () => choose(await api.createCustomer(fields)));
  };

  return (
    <div className="register-customer">
      <h3>{TEXTS.customer}</h3>
      <p data-testid="register-customer">
        {customer ? `${customerName(customer)} · ${customer.email}` : TEXTS.guest}
      </p>
      {customer && (
        <button type="button" className="register-secondary" onClick={() => choose(null)}>
          {TEXTS.removeCustomer}
        </button>
      )}
      {mayFind && !customer && (
        <form
          role="search"
          className="register-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void find(1);
          }}
        >
          <label htmlFor="register-customer-search">{TEXTS.findCustomer}</label>
          <input
            id="register-customer-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
          <button type="submit" disabled={busy}>
            {TEXTS.find}
          </button>
        </form>
      )}
      {found && !customer && (
        <>
          {found.customers.length === 0 ? (
            <p role="status">{TEXTS.noCustomer}</p>
          ) : (
            <ul className="register-customers" aria-label={TEXTS.customersFound}>
              {found.customers.map((c) => (
                <li key={c.id}>
                  <button type="button" onClick={() => choose(c)}>
                    <span className="register-visually-hidden">
                      {TEXTS.choose(customerName(c))}
                    </span>
                    <span aria-hidden="true">
                      {customerName(c)} · {c.email}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {found.page < found.pages && (
            <button type="button" disabled={busy} onClick={() => void find(found.page + 1)}>
              {TEXTS.moreCustomers}
            </button>
          )}
        </>
      )}
      {mayCreate && !customer && !creating && (
        <button type="button" onClick={() => setCreating(true)}>
          {TEXTS.newCustomer}
        </button>
      )}
      {mayCreate && !customer && creating && (
        <form
          className="register-new-customer"
          aria-label={TEXTS.newCustomer}
          noValidate
          onSubmit={create}
        >
          {(['first_name', 'last_name', 'email'] as const).map((key) => (
            <p key={key}>
              <label htmlFor={`register-customer-${key}`}>
                {key === 'first_name'
                  ? TEXTS.firstName
                  : key === 'last_name'
                    ? TEXTS.lastName
                    : TEXTS.email}
              </label>
              <input
                id={`register-customer-${key}`}
                type={key === 'email' ? 'email' : 'text'}
                autoComplete="off"
                maxLength={100}
                value={fields[key]}
                onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
              />
            </p>
          ))}
          <div className="register-actions">
            <button type="button" className="register-secondary" onClick={() => choose(null)}>
              {TEXTS.cancel}
            </button>
            <button type="submit" className="register-primary" disabled={busy}>
              {TEXTS.addCustomer}
            </button>
          </div>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
