import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { oauthParameters, rfc3986, signUrl } from '../../src/services/oauth1';

const credentials = {
  consumerKey: 'ck_0123456789abcdef0123456789abcdef01234567',
  consumerSecret: 'cs_89abcdef0123456789abcdef0123456789abcdef',
};

function reference(method: string, url: string, algorithm: 'HMAC-SHA1' | 'HMAC-SHA256') {
  const oauth = new OAuth({
    consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
    signature_method: algorithm,
    hash_function: (base, key) =>
      createHmac(algorithm === 'HMAC-SHA1' ? 'sha1' : 'sha256', key)
        .update(base)
        .digest('base64'),
  });
  return oauth.authorize({ url, method });
}

describe('one-legged OAuth 1.0a', () => {
  it.each([
    ['GET', 'http://127.0.0.1:4201/wp-json/pos-connect/v1/connection', 'HMAC-SHA256'],
    ['GET', 'http://127.0.0.1:4201/wp-json/pos-connect/v1/users?page=2&per_page=10', 'HMAC-SHA256'],
    ['POST', 'http://shop.example.com/wp/wp-json/pos-connect/v1/invitations', 'HMAC-SHA1'],
    [
      'GET',
      'http://shop.example.com/wp-json/wc/v3/products?search=caf%C3%A9%20au%20lait&x=a%2Bb',
      'HMAC-SHA256',
    ],
  ] as const)('signs %s %s like the oauth-1.0a package (%s)', (method, url, algorithm) => {
    const expected = reference(method, url, algorithm);
    const ours = oauthParameters({
      method,
      url,
      ...credentials,
      algorithm,
      nonce: expected.oauth_nonce,
      timestamp: expected.oauth_timestamp,
    });
    expect(ours.oauth_signature).toBe(expected.oauth_signature);
    expect(ours.oauth_signature_method).toBe(algorithm);
  });

  it('puts the parameters in the query and keeps the original ones', () => {
    const signed = new URL(
      signUrl({ method: 'GET', url: 'http://shop.example.com/wp-json/x?page=1', ...credentials }),
    );
    expect(signed.searchParams.get('page')).toBe('1');
    expect(signed.searchParams.get('oauth_consumer_key')).toBe(credentials.consumerKey);
    expect(signed.searchParams.get('oauth_signature_method')).toBe('HMAC-SHA256');
    expect(signed.searchParams.get('oauth_signature')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(signed.href).not.toContain(credentials.consumerSecret);
  });

  it('uses a new nonce every time', () => {
    const a = oauthParameters({ method: 'GET', url: 'http://s.example/', ...credentials });
    const b = oauthParameters({ method: 'GET', url: 'http://s.example/', ...credentials });
    expect(a.oauth_nonce).not.toBe(b.oauth_nonce);
  });

  it('percent-encodes as RFC 3986', () => {
    expect(rfc3986("a b!'()*~")).toBe('a%20b%21%27%28%29%2A~');
  });
});
