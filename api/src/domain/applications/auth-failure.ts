import type { ApplicationRow } from '../../db/types';
import { StoreHttpError, StoreUnreachableError } from '../../services/store-client';
import { hostOf } from './credentials';

/** Why an authorization attempt (account or keys) failed; one reason per thing to mend. */
export type AuthFailureReason =
  /** The store does not know the consumer key. */
  | 'invalid-key'
  /** The consumer secret does not go with the key (or was mistyped). */
  | 'invalid-secret'
  /** The key may not both read and write. */
  | 'read-only'
  /** The key belongs to another site, or the site calls itself by another address. */
  | 'other-site'
  /** The store could not be asked. */
  | 'unreachable'
  /** The site does not answer WooCommerce's REST API v3. */
  | 'not-woocommerce'
  /** WooCommerce's authorization reached the dashboard, which refused it. */
  | 'callback-refused';

/** Every reason, in the order of {@link AuthFailureReason}. */
export const AUTH_FAILURE_REASONS = [
  'invalid-key',
  'invalid-secret',
  'read-only',
  'other-site',
  'unreachable',
  'not-woocommerce',
  'callback-refused',
] as const satisfies readonly AuthFailureReason[];

/** A failure as the dashboard shows it: what went wrong and what to do about it. */
export interface KeyCheckFailure {
  reason: Exclude<AuthFailureReason, 'callback-refused'>;
  /** What went wrong, in plain words (also `keysFail.displayError`). */
  displayError: string;
  /** What the owner should do next. */
  nextStep: string;
}

/** The last failed authorization of an application, as stored and answered. */
export interface AuthFailure {
  reason: AuthFailureReason;
  message: string;
  nextStep: string;
  /** When it failed (ISO 8601). */
  at: string;
}

/** Where WooCommerce keeps its REST keys, as the store admin sees it. */
export const REST_KEYS_PLACE = 'WooCommerce → Settings → Advanced → REST API';

/** The product's text for a key that may not write (and read). */
export const READ_ONLY_MESSAGE =
  'These keys are read-only. Keys with Read/Write permissions are required.';

const NEW_KEY_STEP = `In ${REST_KEYS_PLACE}, add a key with Read/Write permissions and connect with it.`;

/** The failures of a key check, one builder per reason. */
export const keyFailures = {
  invalidKey: (): KeyCheckFailure => ({
    reason: 'invalid-key',
    displayError: 'The store does not know this consumer key.',
    nextStep: `Copy the consumer key again from ${REST_KEYS_PLACE} on the store, or add a new key there with Read/Write permissions.`,
  }),
  invalidSecret: (): KeyCheckFailure => ({
    reason: 'invalid-secret',
    displayError: 'The consumer secret does not match this consumer key.',
    nextStep:
      'Paste the consumer secret shown when the key was made. WooCommerce shows it only once: ' +
      `if it is lost, revoke the key in ${REST_KEYS_PLACE} and add a new one with Read/Write permissions.`,
  }),
  readOnly: (): KeyCheckFailure => ({
    reason: 'read-only',
    displayError: READ_ONLY_MESSAGE,
    nextStep: NEW_KEY_STEP,
  }),
  writeOnly: (): KeyCheckFailure => ({
    reason: 'read-only',
    displayError: 'These keys are write-only. Keys with Read/Write permissions are required.',
    nextStep: NEW_KEY_STEP,
  }),
  /** The store accepted the key for another site than the application's. */
  otherSite: (siteHome: string, homeUrl: string): KeyCheckFailure => ({
    reason: 'other-site',
    displayError: `These keys belong to another site (${siteHome})`,
    nextStep: `Use keys made on ${hostOf(homeUrl)}, or change the application's URL to ${siteHome}.`,
  }),
  /** The site answers at the application's URL but calls itself by another address. */
  otherAddress: (siteHome: string, homeUrl: string): KeyCheckFailure => ({
    reason: 'other-site',
    displayError: `The store calls itself ${siteHome}, not ${homeUrl}, and WooCommerce checks signatures against its own address.`,
    nextStep: `Change the application's URL to ${siteHome}, then connect again.`,
  }),
  unreachable: (homeUrl: string): KeyCheckFailure => ({
    reason: 'unreachable',
    displayError: `The store at ${hostOf(homeUrl)} could not be reached`,
    nextStep:
      "Check that the site is online and that the application's URL is right, then try again.",
  }),
  /** The store answered with an error of its own (not a refusal of the key). */
  storeError: (homeUrl: string, message: string): KeyCheckFailure => ({
    reason: 'unreachable',
    displayError: `The store at ${hostOf(homeUrl)} answered with an error: ${message}`,
    nextStep: 'Try again in a moment; if it keeps failing, look at the store’s error log.',
  }),
  notWooCommerce: (homeUrl: string): KeyCheckFailure => ({
    reason: 'not-woocommerce',
    displayError: `The site at ${homeUrl} does not answer WooCommerce's REST API (wc/v3).`,
    nextStep:
      "Install and activate WooCommerce 8 or later on the site, or check the application's URL.",
  }),
  /** Any other refusal of the key: the store's own words. */
  refused: (message: string): KeyCheckFailure => ({
    reason: 'invalid-key',
    displayError: `The store did not accept these keys: ${message}`,
    nextStep: `Make a new key with Read/Write permissions for a store administrator in ${REST_KEYS_PLACE}.`,
  }),
};

// WooCommerce's texts (class-wc-rest-authentication.php). They are translated on sites in
// other languages; those refusals keep the store's own words through keyFailures.refused.
const WC_TEXTS = {
  keyInvalid: 'Consumer key is invalid.',
  secretInvalid: 'Consumer secret is invalid.',
  signatureMismatch: 'Invalid signature - provided signature does not match.',
  noRead: 'The API key provided does not have read permissions.',
  noWrite: 'The API key provided does not have write permissions.',
};

/** What kind of refusal a store error is, for {@link keyFailureOf}. */
export type KeyRefusal = 'key' | 'secret' | 'signature' | 'no-read' | 'no-write' | 'no-route';

/**
 * Which refusal of WooCommerce's REST authentication `error` is, or null for any other error.
 * Over https an unknown key is not an error of its own: Basic auth finds no key, the request
 * goes on unauthenticated and the route refuses it with 401 `woocommerce_rest_cannot_view`.
 */
export function keyRefusalOf(error: StoreHttpError): KeyRefusal | null {
  if (error.routeMissing) return 'no-route';
  if (error.code === 'woocommerce_rest_authentication_error') {
    switch (error.message) {
      case WC_TEXTS.keyInvalid:
        return 'key';
      case WC_TEXTS.secretInvalid:
        return 'secret';
      case WC_TEXTS.signatureMismatch:
        return 'signature';
      case WC_TEXTS.noRead:
        return 'no-read';
      case WC_TEXTS.noWrite:
        return 'no-write';
      default:
        return null;
    }
  }
  if (error.status === 401 && error.code === 'woocommerce_rest_cannot_view') return 'key';
  return null;
}

/**
 * The failure a key check shows for an error of the store client; null for a signature
 * mismatch, which needs a look at the site's own address first (see checkKeys). Rethrows an
 * error that is none of the store client's.
 */
export function keyFailureOf(error: unknown, homeUrl: string): KeyCheckFailure | null {
  if (error instanceof StoreUnreachableError) return keyFailures.unreachable(homeUrl);
  if (!(error instanceof StoreHttpError)) throw error;
  switch (keyRefusalOf(error)) {
    case 'key':
      return keyFailures.invalidKey();
    case 'secret':
      return keyFailures.invalidSecret();
    case 'signature':
      return null;
    case 'no-read':
      return keyFailures.writeOnly();
    case 'no-write':
      return keyFailures.readOnly();
    case 'no-route':
      return keyFailures.notWooCommerce(homeUrl);
    case null:
      return error.rejected
        ? keyFailures.refused(error.message)
        : keyFailures.storeError(homeUrl, error.message);
  }
}

/** A failure of a key check, recorded as the application's last failed authorization. */
export function authFailureOf(
  failure: KeyCheckFailure,
  at = new Date().toISOString(),
): AuthFailure {
  return { reason: failure.reason, message: failure.displayError, nextStep: failure.nextStep, at };
}

/**
 * The wc-auth callback refused what WooCommerce sent: the owner is left on WooCommerce's error
 * page, so the application page must say why (the underlying reason in the message) and what
 * to do next.
 */
export function callbackRefused(
  underlying: string,
  nextStep: string,
  at = new Date().toISOString(),
): AuthFailure {
  return {
    reason: 'callback-refused',
    message: `WooCommerce sent the keys, but they were refused: ${underlying}`,
    nextStep,
    at,
  };
}

/** The next step after a refused callback whose cause is not a key failure. */
export const AUTHORIZE_AGAIN_STEP = "Press 'Authorize with Account' on the application page again.";

/** The stored last failed authorization of an application, or null. */
export function lastAuthFailureOf(
  row: Pick<ApplicationRow, 'last_auth_failure'>,
): AuthFailure | null {
  if (!row.last_auth_failure) return null;
  try {
    const value = JSON.parse(row.last_auth_failure) as Partial<AuthFailure>;
    if (
      typeof value.reason !== 'string' ||
      !(AUTH_FAILURE_REASONS as readonly string[]).includes(value.reason) ||
      typeof value.message !== 'string' ||
      typeof value.nextStep !== 'string' ||
      typeof value.at !== 'string'
    ) {
      return null;
    }
    return value as AuthFailure;
  } catch {
    return null;
  }
}
