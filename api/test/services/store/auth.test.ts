import OAuth from 'oauth-1.0a';
import { authorize, signWithOAuth } from '../../../src/services/store/auth';

const credentials = {
  consumerKey: 'ck_0123456789abcdef0123456789abcdef01234567',
  consumerSecret: 'cs_89abcdef0123456789abcdef0123456789abcdef',
};

describe('OAuth 1.0a over http', () => {
  afterEach(() => jest.restoreAllMocks());

  // The expected signatures come from WooCommerce's own PHP (WC_REST_Authentication::
  // check_oauth_signature with wc_rest_urlencode_rfc3986, fed the query as PHP's $_GET sees
  // it) for this nonce and timestamp: what a real store computes and compares.
  it.each([
    [
      'GET',
      'http://127.0.0.1:4201/wp-json/pos-connect/v1/connection',
      '5XexQ0RR/BDcC3GoLdUq8C/x80Ol3DvDtJ/gv5hF7eQ=',
    ],
    [
      'GET',
      'http://127.0.0.1:4201/wp-json/pos-connect/v1/users?page=2&per_page=10',
      'M4cn6lnwpS1VLwdxFvJAB4yc8GyS0PkSP7nE89nOhZE=',
    ],
    [
      'POST',
      'http://shop.example.com/wp/wp-json/pos-connect/v1/invitations',
      'qco5Lyzl8lotUAnuqONW4Q8akfu21hpbAo+nErZfRhU=',
    ],
    [
      'PUT',
      'http://shop.example.com:8080/wp-json/pos-connect/v1/stations/12',
      'ApDn/4XDQ+EfHJaAjT3DlkVQKKa6p49DCnP864YaFDQ=',
    ],
    [
      'GET',
      'http://shop.example.com/wp-json/wc/v3/products?search=caf%C3%A9+au%20lait&x=a%2Bb&tilde=~%7E',
      'ik+lTM/AjFJ/rwEALQv132/npToCe1XO8J2YhVC94ek=',
    ],
  ])('signs %s %s as WooCommerce checks it', (method, url, expected) => {
    jest.spyOn(OAuth.prototype, 'getNonce').mockReturnValue('n0nceN0nceN0nceN0nceN0nceN0nce12');
    jest.spyOn(OAuth.prototype, 'getTimeStamp').mockReturnValue(1767225600);
    const signed = new URL(signWithOAuth(method, url, credentials));
    expect(signed.searchParams.get('oauth_signature')).toBe(expected);
    expect(signed.searchParams.get('oauth_signature_method')).toBe('HMAC-SHA256');
    expect(signed.searchParams.get('oauth_consumer_key')).toBe(credentials.consumerKey);
    expect(signed.searchParams.get('oauth_nonce')).toBe('n0nceN0nceN0nceN0nceN0nceN0nce12');
    expect(signed.searchParams.get('oauth_timestamp')).toBe('1767225600');
    expect(signed.searchParams.get('oauth_version')).toBe('1.0');
    // The request's own parameters stay, once, with their values.
    for (const [name, value] of new URL(url).searchParams) {
      expect(signed.searchParams.getAll(name)).toEqual([value]);
    }
  });

  it('puts the parameters in the query, never the secret', () => {
    const signed = new URL(
      signWithOAuth('GET', 'http://shop.example.com/wp-json/x?page=1', credentials),
    );
    expect(signed.origin + signed.pathname).toBe('http://shop.example.com/wp-json/x');
    expect(signed.searchParams.get('page')).toBe('1');
    expect(signed.searchParams.get('oauth_signature')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(signed.href).not.toContain(credentials.consumerSecret);
  });

  it('uses a new nonce every time', () => {
    const nonce = () =>
      new URL(signWithOAuth('GET', 'http://s.example/', credentials)).searchParams.get(
        'oauth_nonce',
      );
    expect(nonce()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(nonce()).not.toBe(nonce());
  });
});

describe('authorize', () => {
  it('signs plain http calls and sends no header', () => {
    const request = authorize('GET', 'http://shop.example.com/wp-json/x', credentials);
    expect(request.headers).toEqual({});
    expect(new URL(request.url).searchParams.get('oauth_consumer_key')).toBe(
      credentials.consumerKey,
    );
  });

  it('sends Basic auth over https and leaves the URL alone', () => {
    const target = 'https://shop.example.com/wp-json/x?page=1';
    expect(authorize('PUT', target, credentials)).toEqual({
      url: target,
      headers: {
        authorization: `Basic ${Buffer.from(
          `${credentials.consumerKey}:${credentials.consumerSecret}`,
        ).toString('base64')}`,
      },
    });
  });
});
