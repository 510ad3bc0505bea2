import { parseStoreUrl, PRIVATE_HOST_MESSAGE } from '../../src/services/store-url';

describe('parseStoreUrl', () => {
  it.each([
    ['HTTPS://Shop.Example.COM/', 'https://shop.example.com', 'shop.example.com'],
    ['https://shop.example.com:443/wp/', 'https://shop.example.com/wp', 'shop.example.com/wp'],
    ['http://shop.example.com:80', 'http://shop.example.com', 'shop.example.com'],
    [
      '  https://shop.example.com:8443/Store  ',
      'https://shop.example.com:8443/Store',
      'shop.example.com:8443/store',
    ],
  ])('normalises %j', (input, href, key) => {
    expect(parseStoreUrl(input, false)).toMatchObject({ href, key });
  });

  it('gives http and https of one site the same key', () => {
    expect(parseStoreUrl('http://shop.example.com', false).key).toBe(
      parseStoreUrl('https://shop.example.com/', false).key,
    );
  });

  it.each([
    ['', 'The URL is required'],
    ['shop.example.com', 'The URL must be a full http:// or https:// address'],
    ['ftp://shop.example.com', 'The URL must be a full http:// or https:// address'],
    ['javascript:alert(1)', 'The URL must be a full http:// or https:// address'],
    ['https://user:pass@shop.example.com', 'The URL must not contain a user name or password'],
    ['https://user@shop.example.com', 'The URL must not contain a user name or password'],
    ['https://shop.example.com/?a=1', 'The URL must not contain a query or a fragment'],
    ['https://shop.example.com/?', 'The URL must not contain a query or a fragment'],
    ['https://shop.example.com/#top', 'The URL must not contain a query or a fragment'],
    [
      `https://shop.example.com/${'a'.repeat(2048)}`,
      'The URL must not be longer than 2048 characters',
    ],
  ])('refuses %j', (input, message) => {
    expect(() => parseStoreUrl(input, true)).toThrow(message);
  });

  it.each([
    'http://localhost:8080',
    'http://shop.localhost',
    'http://127.0.0.1',
    'http://127.1.2.3',
    'http://2130706433',
    'http://0x7f.0.0.1',
    'http://10.0.0.5',
    'http://172.16.3.4',
    'http://192.168.1.1',
    'http://169.254.169.254/latest',
    'http://0.0.0.0',
    'http://[::1]',
    'http://[fe80::1]',
    'http://[fd00::1]',
    'http://[::ffff:127.0.0.1]',
  ])('refuses the private host of %s unless private hosts are allowed', (input) => {
    expect(() => parseStoreUrl(input, false)).toThrow(PRIVATE_HOST_MESSAGE);
    expect(parseStoreUrl(input, true).href).toMatch(/^http:\/\//);
  });

  it('accepts public hosts and addresses', () => {
    expect(parseStoreUrl('http://93.184.216.34', false).href).toBe('http://93.184.216.34');
    expect(parseStoreUrl('https://[2606:4700::1111]', false).href).toBe(
      'https://[2606:4700::1111]',
    );
    expect(parseStoreUrl('https://172.32.0.1', false).href).toBe('https://172.32.0.1');
  });
});
