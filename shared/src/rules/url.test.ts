import { hasScheme, httpUrlOrNull, withScheme } from './url';

describe('withScheme', () => {
  it('assumes https:// when no scheme was typed', () => {
    expect(withScheme('shop.example')).toBe('https://shop.example');
    expect(withScheme('  127.0.0.1:4203/shop ')).toBe('https://127.0.0.1:4203/shop');
    expect(withScheme('localhost:8080')).toBe('https://localhost:8080');
  });

  it('keeps the scheme that was typed', () => {
    expect(withScheme('http://127.0.0.1:4201')).toBe('http://127.0.0.1:4201');
    expect(withScheme(' HTTPS://Shop.Example/ ')).toBe('HTTPS://Shop.Example/');
  });

  it('leaves an empty address empty', () => {
    expect(withScheme('   ')).toBe('');
  });
});

describe('hasScheme', () => {
  it('tells a typed scheme from a host with a port', () => {
    expect(hasScheme('https://shop.example')).toBe(true);
    expect(hasScheme('shop.example:443')).toBe(false);
    expect(hasScheme('')).toBe(false);
  });
});

describe('httpUrlOrNull', () => {
  it('gives the href of an absolute http(s) URL', () => {
    expect(httpUrlOrNull('http://127.0.0.1:4201/pos/1')).toBe('http://127.0.0.1:4201/pos/1');
    expect(httpUrlOrNull('HTTPS://Shop.Example')).toBe('https://shop.example/');
  });

  it('gives null for any other scheme, a relative path, garbage or a non-string', () => {
    expect(httpUrlOrNull('javascript:alert(1)')).toBeNull();
    expect(httpUrlOrNull('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(httpUrlOrNull('ftp://shop.example/')).toBeNull();
    expect(httpUrlOrNull('/pos/1')).toBeNull();
    expect(httpUrlOrNull('not a url')).toBeNull();
    expect(httpUrlOrNull('')).toBeNull();
    expect(httpUrlOrNull(null)).toBeNull();
    expect(httpUrlOrNull(undefined)).toBeNull();
    expect(httpUrlOrNull(42)).toBeNull();
  });
});
