import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stack } from './stack';

/**
 * The payments sandbox's keys of the test stack: scripts/lib/services.mjs makes them once per
 * data folder (E2E_DATA_DIR, as scripts/serve-for-tests.mjs uses it).
 */
export function paymentsKeys(): {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
} {
  const dataDir = path.resolve(
    process.env.E2E_DATA_DIR ?? path.join(__dirname, '..', '..', '.run', 'e2e-data'),
  );
  return JSON.parse(readFileSync(path.join(dataDir, 'payments-keys.json'), 'utf8'));
}

/** Calls the payments sandbox's Stripe API with the secret key, as the api's SDK does. */
export async function stripeApi<T>(
  method: 'GET' | 'POST',
  apiPath: string,
  fields: Record<string, string> = {},
): Promise<T> {
  const body = new URLSearchParams(fields).toString();
  const response = await fetch(
    `${stack.payments}${apiPath}${method === 'GET' && body ? `?${body}` : ''}`,
    {
      method,
      headers: {
        authorization: `Bearer ${paymentsKeys().secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: method === 'POST' ? body : undefined,
    },
  );
  if (!response.ok)
    throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Stripe's test cards the payments sandbox knows (any future expiry, any CVC). */
export const testCards = {
  /** Saved and charged. */
  visa: '4242 4242 4242 4242',
  /** Refused when saved: 'Your card was declined.' */
  declined: '4000 0000 0000 0002',
  /** Refused when saved: 'Your card has insufficient funds.' */
  insufficientFunds: '4000 0000 0000 9995',
  /** Saved, but every charge (a renewal) is declined. */
  chargeDeclined: '4000 0000 0000 0341',
} as const;

/** The demo promotion codes: WELCOME10 (10 % off, 3 months) and FIVEOFF ($5 off once). */
export const promotionCodes = { welcome: 'WELCOME10', fiveOff: 'FIVEOFF' } as const;

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.payments}/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`payments control ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** An invoice the clock control made. */
export interface RenewalInvoice {
  id: string;
  number: string;
  status: 'paid' | 'open';
  customer: string;
  subscription: string;
  amount_due: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
}

/**
 * Moves the payments sandbox's clock forward and renews every subscription that falls due
 * (`invoice.paid`, or with `failPayments` `invoice.payment_failed` and past_due); resolves once
 * the api has had each resulting webhook once.
 */
export const advancePaymentsClock = (days: number, failPayments = false) =>
  control<{ now: number; invoices: RenewalInvoice[]; events: string[] }>('advance-clock', {
    days,
    failPayments,
  });

/** Creates a promotion code with its coupon (percent_off or amount_off in cents). */
export const createPromotionCode = (promo: {
  code: string;
  percent_off?: number;
  amount_off?: number;
  duration?: 'once' | 'repeating' | 'forever';
  duration_in_months?: number;
}) => control<{ id: string; code: string }>('promotion-codes', promo);

/** Back to the seed: no customers, the demo promotion codes, the clock at the wall clock. */
export const resetPayments = () => control<{ reset: true }>('reset', {});
