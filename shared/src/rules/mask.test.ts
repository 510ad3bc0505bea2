import { maskSecret } from './mask';

describe('maskSecret (spec 5)', () => {
  it.each(['', 'a', 'abc', 'abcdefghi'])('masks %j fully when under 10 characters', (value) => {
    expect(maskSecret(value)).toBe('*'.repeat(value.length));
  });

  it('shows the first and last character of 10', () => {
    expect(maskSecret('0123456789')).toBe('0********9');
  });

  it('rounds 10 % up: 11 characters show 2 at each end', () => {
    expect(maskSecret('abcdefghijk')).toBe('ab*******jk');
  });

  it('keeps the length of a WooCommerce key and shows 5 at each end of 43', () => {
    const key = `ck_${'0123456789abcdef'.repeat(2)}01234567`;
    expect(key).toHaveLength(43);
    expect(maskSecret(key)).toBe(`ck_01${'*'.repeat(33)}34567`);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(maskSecret('😀bcdefghij')).toBe('😀********j');
  });
});
