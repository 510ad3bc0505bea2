import { parseSetCookie } from 'cookie';
import {
  ACCESS_ERROR_COOKIE,
  ACCESS_ERROR_STORAGE_KEY,
  captureAccessError,
  parseAccessError,
  readAccessError,
  stationAccessUrl,
} from './accessError';

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

const denied = {
  appId: 'app_1',
  wpHome: 'http://127.0.0.1:4201',
  posId: '3',
  text: 'You do not have access to the Pickup Window station of Demo Coffee Roasters.',
  name: 'Access denied',
};

/** A document whose cookie jar records what is written, as the browser's does for one name. */
function cookieJar(initial: string) {
  const writes: string[] = [];
  return {
    writes,
    doc: {
      get cookie() {
        return initial;
      },
      set cookie(value: string) {
        writes.push(value);
      },
    },
  };
}

describe('parseAccessError', () => {
  it('reads the base64url JSON object the POS host sets', () => {
    expect(parseAccessError(encode(denied))).toEqual(denied);
  });

  it('reads text outside ASCII', () => {
    const error = parseAccessError(encode({ ...denied, text: 'Caféteria: no access — sorry' }));
    expect(error?.text).toBe('Caféteria: no access — sorry');
  });

  it.each([
    ['nothing', ''],
    ['text that is not base64 JSON', 'not-json'],
    ['an object without text or name', encode({ appId: 'a' })],
    ['a javascript: home', encode({ ...denied, wpHome: 'javascript:alert(1)' })],
    ['an application id with a path in it', encode({ ...denied, appId: '../admin' })],
    ['a station id with a query in it', encode({ ...denied, posId: '1?x=2' })],
  ])('refuses %s', (_label, raw) => {
    expect(parseAccessError(raw)).toBeNull();
  });

  it('keeps the links out when the error names no application (an unknown address)', () => {
    const error = parseAccessError(
      encode({ appId: '', wpHome: '', posId: '', text: 'No station here.', name: 'Not found' }),
    );
    expect(error).toEqual({
      appId: '',
      wpHome: '',
      posId: '',
      text: 'No station here.',
      name: 'Not found',
    });
  });
});

describe('captureAccessError', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the error of the cookie and deletes the cookie', () => {
    const { doc, writes } = cookieJar(`pos_token=abc; ${ACCESS_ERROR_COOKIE}=${encode(denied)}`);
    captureAccessError(doc, sessionStorage, '/access-denied', '/access-denied');
    expect(readAccessError(sessionStorage)).toEqual(denied);
    expect(writes).toHaveLength(1);
    expect(parseSetCookie(writes[0] ?? '')).toEqual({
      name: ACCESS_ERROR_COOKIE,
      value: '',
      path: '/',
      maxAge: 0,
      sameSite: 'lax',
    });
  });

  it('keeps an error captured earlier while the page is reloaded', () => {
    sessionStorage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(denied));
    captureAccessError(cookieJar('').doc, sessionStorage, '/access-denied', '/access-denied');
    expect(readAccessError(sessionStorage)).toEqual(denied);
  });

  it('drops an old error anywhere else, so that it never shows again', () => {
    sessionStorage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(denied));
    captureAccessError(cookieJar('').doc, sessionStorage, '/stations', '/access-denied');
    expect(readAccessError(sessionStorage)).toBeNull();
  });
});

describe('stationAccessUrl', () => {
  it("opens the store's users screen for the station", () => {
    expect(stationAccessUrl('http://127.0.0.1:4201', '3')).toBe(
      'http://127.0.0.1:4201/wp-admin/users.php?pos_station=3',
    );
  });

  it('keeps the path of a site that lives below one', () => {
    expect(stationAccessUrl('https://example.com/shop/', '12')).toBe(
      'https://example.com/shop/wp-admin/users.php?pos_station=12',
    );
  });
});
