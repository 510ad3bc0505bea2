import { createHmac, randomBytes } from 'node:crypto';

/** What one-legged OAuth 1.0a signs: the request and the consumer's credentials. */
export interface OAuthRequest {
  method: string;
  /** Absolute URL; its query parameters are signed too. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** HMAC-SHA256 unless told otherwise. */
  algorithm?: 'HMAC-SHA1' | 'HMAC-SHA256';
  /** Fixed values for tests; a random nonce and the current time otherwise. */
  nonce?: string;
  timestamp?: number;
}

/** RFC 3986 percent-encoding (PHP's rawurlencode), which OAuth 1.0a requires. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The OAuth parameters of a signed request, signature included. The base string is
 * `METHOD&enc(url without query)&enc(sorted enc(key)=enc(value) joined by &)` and the HMAC
 * key is `enc(consumer secret)&` (no token secret: one-legged), which is what WooCommerce
 * checks for REST calls over plain http.
 */
export function oauthParameters(request: OAuthRequest): Record<string, string> {
  const url = new URL(request.url);
  const algorithm = request.algorithm ?? 'HMAC-SHA256';
  const oauth: Record<string, string> = {
    oauth_consumer_key: request.consumerKey,
    oauth_nonce: request.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: algorithm,
    oauth_timestamp: String(request.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  const pairs: Array<[string, string]> = [...url.searchParams.entries(), ...Object.entries(oauth)];
  const normalised = pairs
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = [
    request.method.toUpperCase(),
    rfc3986(`${url.origin}${url.pathname}`),
    rfc3986(normalised),
  ].join('&');
  const hash = algorithm === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const signature = createHmac(hash, `${rfc3986(request.consumerSecret)}&`)
    .update(base)
    .digest('base64');
  return { ...oauth, oauth_signature: signature };
}

/** `request.url` with the OAuth parameters and signature added to its query string. */
export function signUrl(request: OAuthRequest): string {
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(oauthParameters(request))) {
    url.searchParams.append(key, value);
  }
  return url.href;
}
