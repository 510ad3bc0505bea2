import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { StoreCredentials } from './model';

/** Where and how to send one call: the URL to request and the headers that authenticate it. */
export interface AuthorizedRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * `target` with one-legged OAuth 1.0a (HMAC-SHA256) in its query, which is how WooCommerce
 * authenticates REST calls over plain http. The query is handed to oauth-1.0a decoded as PHP's
 * `$_GET` sees it ('+' is a space), so both sides sign the same values. The package's RFC 5849
 * base string and key then equal WooCommerce's `check_oauth_signature` for what is sent here:
 * it sorts encoded names where WooCommerce sorts raw ones, and it percent-encodes the secret
 * where WooCommerce does not, neither of which changes plain names or `cs_` and hex secrets.
 */
export function signWithOAuth(
  method: string,
  target: string,
  credentials: StoreCredentials,
): string {
  const url = new URL(target);
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, key) => createHmac('sha256', key).update(base).digest('base64'),
  });
  const authorization = oauth.authorize({
    method,
    url: `${url.origin}${url.pathname}`,
    data: Object.fromEntries(url.searchParams),
  });
  // `authorize` hands back the request's own parameters too: only the oauth ones are new.
  for (const [name, value] of Object.entries(authorization)) {
    if (name.startsWith('oauth_')) url.searchParams.append(name, String(value));
  }
  return url.href;
}

/**
 * Authenticates a call to a WooCommerce REST API the way WooCommerce accepts it: Basic auth
 * with the key and secret over https; over plain http, where WooCommerce ignores Basic auth
 * and keys in the query, only an OAuth 1.0a signature ({@link signWithOAuth}).
 */
export function authorize(
  method: string,
  target: string,
  credentials: StoreCredentials,
): AuthorizedRequest {
  if (target.startsWith('https:')) {
    const basic = Buffer.from(
      `${credentials.consumerKey}:${credentials.consumerSecret}`,
      'utf8',
    ).toString('base64');
    return { url: target, headers: { authorization: `Basic ${basic}` } };
  }
  return { url: signWithOAuth(method, target, credentials), headers: {} };
}
