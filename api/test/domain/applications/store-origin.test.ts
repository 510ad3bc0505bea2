import {
  bareOrigin,
  checkStoreOrigin,
  StoreOriginError,
  StoreOriginFormatError,
} from '../../../src/domain/applications/store-origin';
import { parseStoreUrl } from '../../../src/services/store-url';

const shop = parseStoreUrl('https://Shop.Example/store/', true);

describe('bareOrigin', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['https://SHOP.example/', 'https://shop.example'],
    ['http://127.0.0.1:4202', 'http://127.0.0.1:4202'],
    ['https://shop.example:443', 'https://shop.example'],
  ])('takes %j as %j', (value, origin) => {
    expect(bareOrigin(value)).toBe(origin);
  });

  it.each([
    'https://shop.example/store',
    'https://shop.example/?',
    'https://shop.example#top',
    'https://a:b@shop.example',
    'ftp://shop.example',
    'null',
    '',
  ])('refuses %j', (value) => {
    expect(bareOrigin(value)).toBeNull();
  });
});

describe('checkStoreOrigin', () => {
  it("accepts the origin of the store's own page, for a store under a path too", () => {
    expect(() => checkStoreOrigin(shop, 'https://shop.example')).not.toThrow();
  });

  it('refuses another site, scheme or port with the store and the page named', () => {
    for (const other of [
      'https://evil.example',
      'http://shop.example',
      'https://shop.example:8443',
    ]) {
      expect(() => checkStoreOrigin(shop, other)).toThrow(StoreOriginError);
    }
    expect(() => checkStoreOrigin(shop, 'https://evil.example')).toThrow(
      'The store at https://shop.example/store can only be connected from its own page, not from https://evil.example',
    );
  });

  it('refuses a value that is no bare origin as malformed', () => {
    expect(() => checkStoreOrigin(shop, 'https://shop.example/store')).toThrow(
      StoreOriginFormatError,
    );
  });
});
