import {
  AUTH_TOKEN_TTL_MS,
  authorizeUrl,
  hashToken,
  newAuthToken,
  WC_APP_NAME,
} from '../../../src/domain/applications/authorization';

const ACCESS = {
  dashboardOrigin: 'http://127.0.0.1:3000',
  posPublicUrl: 'https://127.0.0.1:4443',
};

describe('newAuthToken', () => {
  it('makes a random token whose SHA-256 alone is kept, for 15 minutes', () => {
    const before = Date.now();
    const first = newAuthToken();
    const second = newAuthToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toBe(hashToken(first.token));
    expect(first.hash).not.toContain(first.token);
    const expires = Date.parse(first.expiresAt) - before;
    expect(expires).toBeGreaterThanOrEqual(AUTH_TOKEN_TTL_MS);
    expect(expires).toBeLessThan(AUTH_TOKEN_TTL_MS + 5_000);
  });
});

describe('authorizeUrl', () => {
  it('sends the store admin to wc-auth with the callback on the POS host', () => {
    const url = new URL(
      authorizeUrl({ id: 'app-1', home_url: 'https://shop.example' }, 'tok', null, ACCESS),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example/wc-auth/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_name: WC_APP_NAME,
      scope: 'read_write',
      user_id: 'app-1',
      return_url: 'http://127.0.0.1:3000/wc-authorization?applicationId=app-1',
      callback_url: 'https://127.0.0.1:4443/wc-authorize?token=tok',
    });
  });

  it('returns to the given dashboard path', () => {
    const url = new URL(
      authorizeUrl({ id: 'app-1', home_url: 'https://shop.example' }, 'tok', '/stations', ACCESS),
    );
    expect(url.searchParams.get('return_url')).toBe('http://127.0.0.1:3000/stations');
  });
});
