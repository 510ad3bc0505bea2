import type { FormEvent } from 'react';
import { useState } from 'react';
import { TEXTS } from '../texts';

export interface EmailReceiptProps {
  /** The customer's email, offered first; '' for a guest. */
  defaultEmail: string;
  /** Mails the receipt (WooCommerce's customer invoice); resolves with the address it went to. */
  onSend: (email: string) => Promise<string>;
}

/** Emails the receipt of the sale just made, to the customer or an address typed in. */
export function EmailReceipt({ defaultEmail, onSend }: EmailReceiptProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return setError(TEXTS.emailRequired);
    setBusy(true);
    setError('');
    setStatus('');
    try {
      setStatus(TEXTS.sentTo(await onSend(email.trim())));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
    return undefined;
  };
  return (
    <form
      className="register-inline-form register-no-print"
      aria-label={TEXTS.emailReceipt}
      noValidate
      onSubmit={send}
    >
      <label htmlFor="register-receipt-email">{TEXTS.receiptEmail}</label>
      <input
        id="register-receipt-email"
        type="email"
        maxLength={100}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" disabled={busy}>
        {TEXTS.emailReceipt}
      </button>
      <p role="status">{status}</p>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
