import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';

/**
 * Signs a REST request the way @woocommerce/woocommerce-rest-api does over http: the
 * `oauth-1.0a` package with HMAC-SHA256, the oauth parameters added to the query string.
 */
export function signedUrl(
  url: string,
  method: string,
  keys: { consumer_key: string; consumer_secret: string },
  options: { algorithm?: 'HMAC-SHA1' | 'HMAC-SHA256'; timestamp?: number; nonce?: string } = {},
): string {
  const algorithm = options.algorithm ?? 'HMAC-SHA256';
  const oauth = new OAuth({
    consumer: { key: keys.consumer_key, secret: keys.consumer_secret },
    signature_method: algorithm,
    hash_function: (base, key) =>
      createHmac(algorithm === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
        .update(base)
        .digest('base64'),
  });
  if (options.timestamp !== undefined) {
    const timestamp = options.timestamp;
    oauth.getTimeStamp = () => timestamp;
  }
  if (options.nonce !== undefined) {
    const nonce = options.nonce;
    oauth.getNonce = () => nonce;
  }
  const data = oauth.authorize({ url, method });
  const target = new URL(url);
  for (const [name, value] of Object.entries(data)) target.searchParams.set(name, String(value));
  return target.toString();
}

/** Sends a signed request and returns status, JSON body and headers. */
export async function signedFetch(
  url: string,
  keys: { consumer_key: string; consumer_secret: string },
  init: { method?: string; body?: unknown } = {},
) {
  const method = init.method ?? 'GET';
  const response = await fetch(signedUrl(url, method, keys), {
    method,
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  const body: any = await response.json();
  return { status: response.status, headers: response.headers, body };
}

/** Asks a store's test controls for a key pair. */
export async function issueKeys(
  storeUrl: string,
  body: { permissions?: string; user_id?: number } = {},
): Promise<{ key_id: number; consumer_key: string; consumer_secret: string }> {
  const response = await fetch(`${storeUrl}/_control/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`keys control answered ${response.status}`);
  return (await response.json()) as {
    key_id: number;
    consumer_key: string;
    consumer_secret: string;
  };
}
