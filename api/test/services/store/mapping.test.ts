import { StoreHttpError, StoreUnreachableError } from '../../../src/services/store/errors';
import {
  invitationBody,
  newUserBody,
  stationChangeBody,
  toConnection,
  toHttpError,
  toPosAccessRemoval,
  toSiteInfo,
  toSystemStatus,
  toStation,
  toWpUser,
} from '../../../src/services/store/mapping';

describe('store JSON mapping', () => {
  it('reads a station, with defaults for what the store left out', () => {
    expect(
      toStation({
        pos_id: '7',
        name: 'Bar',
        url: 'http://s.example/pos/7',
        cloud_slug: 'bar',
        is_default: true,
        users: [1, '2', 'x'],
        settings: { theme: 'dark' },
      }),
    ).toEqual({
      posId: 7,
      name: 'Bar',
      url: 'http://s.example/pos/7',
      cloudSlug: 'bar',
      isDefault: true,
      users: [1, 2],
      settings: { theme: 'dark' },
    });
    expect(toStation({ pos_id: 3, settings: [1], is_default: 'yes' })).toEqual({
      posId: 3,
      name: '',
      url: '',
      cloudSlug: null,
      isDefault: false,
      users: null,
      settings: {},
    });
  });

  it('treats a user or station without id as a broken answer', () => {
    expect(() => toWpUser({ username: 'a' })).toThrow(StoreUnreachableError);
    expect(() => toStation(null)).toThrow('The store sent a station without pos_id');
  });

  it('reads the connection and the site index', () => {
    expect(
      toConnection({
        home_url: 'http://s.example',
        site_name: 'S',
        key_permissions: 'read',
        user: { id: 1, username: 'u', roles: ['administrator', 3] },
        multiple_user_plugin_active: 1,
      }),
    ).toEqual({
      homeUrl: 'http://s.example',
      siteName: 'S',
      keyPermissions: 'read',
      user: { id: 1, username: 'u', email: '', name: '', roles: ['administrator'] },
      multipleUserPluginActive: false,
    });
    expect(toSiteInfo({ name: 'S', namespaces: ['wc/v3', 1] })).toEqual({
      name: 'S',
      home: '',
      namespaces: ['wc/v3'],
    });
    expect(toSiteInfo({ name: 'S', home: 'http://s.example', namespaces: [] })).toMatchObject({
      home: 'http://s.example',
    });
  });

  it('drops hidden characters from the names a store gives a station and its site', () => {
    expect(toStation({ pos_id: 1, name: 'Till\u202e 1\u200b' }).name).toBe('Till 1');
    expect(toSiteInfo({ name: '\ufeffCoffee\u2066 Shop\u{e0041}' }).name).toBe('Coffee Shop');
  });

  it('reads the fields of system_status the dashboard uses, and refuses one without environment', () => {
    expect(
      toSystemStatus({
        environment: {
          home_url: 'http://s.example',
          site_url: 'http://s.example/wp',
          version: '10.0.2',
          wp_version: '6.8',
        },
        settings: { currency: 'USD' },
      }),
    ).toEqual({ homeUrl: 'http://s.example', siteUrl: 'http://s.example/wp', wcVersion: '10.0.2' });
    expect(() => toSystemStatus({ settings: {} })).toThrow(
      'The store sent a system status without environment',
    );
    expect(() => toSystemStatus([])).toThrow('without environment');
  });

  it("writes the plugin's bodies and reads its errors", () => {
    expect(
      invitationBody({ userId: 4, inviterName: 'Ann', appName: 'App', signupUrl: 'https://x' }),
    ).toEqual({ user_id: 4, inviter_name: 'Ann', app_name: 'App', signup_url: 'https://x' });
    expect(stationChangeBody({ cloudSlug: null, isDefault: false })).toEqual({
      cloud_slug: null,
      is_default: false,
    });
    const error = toHttpError(401, {
      code: 'woocommerce_rest_authentication_error',
      message: 'No',
    });
    expect(error).toBeInstanceOf(StoreHttpError);
    expect(error).toMatchObject({ status: 401, code: 'woocommerce_rest_authentication_error' });
    expect(error.message).toBe('No');
    expect(toHttpError(500, null)).toMatchObject({ code: null, message: 'The store answered 500' });
  });

  it('writes a new staff user and reads the answer of a POS access removal', () => {
    expect(newUserBody({ name: 'Ada Lovelace', email: 'ada@shop.test', role: 'cashier' })).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@shop.test',
      role: 'cashier',
    });
    expect(
      toPosAccessRemoval({
        removed: true,
        user: { id: 9, username: 'ada', email: 'ada@shop.test', name: 'Ada', roles: ['customer'] },
      }),
    ).toEqual({
      removed: true,
      user: { id: 9, username: 'ada', email: 'ada@shop.test', name: 'Ada', roles: ['customer'] },
    });
    expect(toPosAccessRemoval({ removed: 'yes', user: { id: 9 } }).removed).toBe(false);
    expect(() => toPosAccessRemoval({ removed: true })).toThrow(StoreUnreachableError);
  });
});
