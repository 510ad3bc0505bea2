import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ApiKeyRecord } from './state';

/** WooCommerce accepts timestamps and remembers nonces for 15 minutes. */
export const OAUTH_WINDOW_SECONDS = 15 * 60;

/** A WordPress REST error body. */
export interface RestError {
  code: string;
  message: string;
  data: { status: number };
}

/** Builds a WordPress REST error body. */
export function restError(status: number, code: string, message: string): RestError {
  return { code, message, data: { status } };
}

const authError = (message: string) =>
  restError(401, 'woocommerce_rest_authentication_error', message);

/** PHP's `rawurlencode` (RFC 3986: everything but `A-Za-z0-9-_.~` is percent-encoded). */
export function rawurlencode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** PHP's `rawurldecode`, which leaves malformed escapes alone instead of failing. */
export function rawurldecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * WooCommerce's string to sign (check_oauth_signature): the parameters sorted by key, each
 * key and value rawurlencoded (normalize_parameters), joined as `key=value` and encoded once
 * more (join_with_equals_sign), then joined with `%26`.
 */
export function signatureBaseString(
  method: string,
  baseUrl: string,
  params: Record<string, string>,
): string {
  const pairs = Object.keys(params)
    .sort()
    .map((key) => rawurlencode(`${rawurlencode(key)}=${rawurlencode(params[key] ?? '')}`));
  return `${method.toUpperCase()}&${rawurlencode(baseUrl)}&${pairs.join('%26')}`;
}

/** HMAC of the base string with `consumer_secret + '&'` (one-legged: no token secret). */
export function oauthSignature(
  algorithm: 'sha1' | 'sha256',
  baseString: string,
  consumerSecret: string,
): string {
  return createHmac(algorithm, `${consumerSecret}&`).update(baseString).digest('base64');
}

const REQUIRED = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

/** What {@link authenticateOAuth} needs to know about the request and the store. */
export interface OAuthRequest {
  method: string;
  /** `home_url + request path`: the URL the client signed, without its query. */
  baseUrl: string;
  /** Query (and form) parameters plus those of an `Authorization: OAuth …` header. */
  params: Record<string, string>;
  nowSeconds: number;
  findKey(consumerKey: string): ApiKeyRecord | undefined;
  /** Records the nonce; false when the key already used it inside the window. */
  useNonce(key: ApiKeyRecord, nonce: string, timestamp: number): boolean;
}

export type OAuthResult =
  { kind: 'anonymous' } | { kind: 'error'; error: RestError } | { kind: 'ok'; key: ApiKeyRecord };

/**
 * One-legged OAuth 1.0a exactly as WooCommerce's WC_REST_Authentication checks it over http:
 * no oauth parameter at all is an anonymous request; some but not all is an error; then the
 * key, the signature, the timestamp window and the nonce, in that order.
 */
export function authenticateOAuth(request: OAuthRequest): OAuthResult {
  const { params } = request;
  const missing = REQUIRED.filter((name) => !params[name]);
  if (missing.length === REQUIRED.length) return { kind: 'anonymous' };
  if (missing.length > 0) {
    const noun = missing.length === 1 ? 'parameter' : 'parameters';
    return {
      kind: 'error',
      error: restError(
        401,
        'woocommerce_rest_authentication_missing_parameter',
        `Missing OAuth ${noun} ${missing.join(', ')}`,
      ),
    };
  }
  const key = request.findKey(params.oauth_consumer_key ?? '');
  if (!key) return { kind: 'error', error: authError('Consumer key is invalid.') };

  const method = params.oauth_signature_method;
  if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256') {
    return { kind: 'error', error: authError('Invalid signature - signature method is invalid.') };
  }
  const signed: Record<string, string> = { ...params };
  delete signed.oauth_signature;
  // PHP turned an unencoded '+' of the base64 signature into a space; WooCommerce undoes it.
  const given = rawurldecode((params.oauth_signature ?? '').replace(/ /g, '+'));
  const expected = oauthSignature(
    method === 'HMAC-SHA1' ? 'sha1' : 'sha256',
    signatureBaseString(request.method, request.baseUrl, signed),
    key.consumer_secret,
  );
  if (
    given.length !== expected.length ||
    !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  ) {
    return {
      kind: 'error',
      error: authError('Invalid signature - provided signature does not match.'),
    };
  }

  const timestamp = Number(params.oauth_timestamp);
  if (
    !Number.isFinite(timestamp) ||
    timestamp < request.nowSeconds - OAUTH_WINDOW_SECONDS ||
    timestamp > request.nowSeconds + OAUTH_WINDOW_SECONDS
  ) {
    return { kind: 'error', error: authError('Invalid timestamp.') };
  }
  if (!request.useNonce(key, params.oauth_nonce ?? '', timestamp)) {
    return { kind: 'error', error: authError('Invalid nonce - nonce has already been used.') };
  }
  return { kind: 'ok', key };
}

/** WooCommerce's check_permissions: the key's permission against the HTTP method. */
export function permissionError(key: ApiKeyRecord, method: string): RestError | undefined {
  const p = key.permissions;
  switch (method.toUpperCase()) {
    case 'HEAD':
    case 'GET':
      return p === 'read' || p === 'read_write'
        ? undefined
        : authError('The API key provided does not have read permissions.');
    case 'POST':
    case 'PUT':
    case 'PATCH':
    case 'DELETE':
      return p === 'write' || p === 'read_write'
        ? undefined
        : authError('The API key provided does not have write permissions.');
    case 'OPTIONS':
      return undefined;
    default:
      return authError('Unknown request method.');
  }
}

/**
 * The `oauth_*` parameters of an `Authorization: OAuth k="v", …` header (WooCommerce's
 * parse_header), which it merges over the query.
 */
export function parseOAuthHeader(header: string | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  if (!header || !header.trim().startsWith('OAuth ')) return params;
  const pattern = /(oauth_[a-z_-]*)=(?:"([^"]*)"|([^,]*))/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1] ?? '';
    const raw = match[2] ?? match[3] ?? '';
    params[name] = rawurldecode(raw.replace(/\+/g, ' '));
  }
  return params;
}
