import { maskSecret } from '../../src/services/mask';

describe('maskSecret (spec 5)', () => {
  it.each(['', 'a', 'abcdefghi'])('masks %j fully when under 10 characters', (value) => {
    expect(maskSecret(value)).toBe('*'.repeat(value.length));
  });

  it('shows the first and last character of 10', () => {
    expect(maskSecret('abcdefghij')).toBe('a********j');
  });

  it('rounds 10 % up: 11 characters show 2 at each end', () => {
    expect(maskSecret('abcdefghijk')).toBe('ab*******jk');
  });

  it('keeps the length of a WooCommerce key and shows 5 at each end of 43', () => {
    const key = 'ck_0123456789abcdef0123456789abcdef01234567';
    const masked = maskSecret(key);
    expect(masked).toHaveLength(key.length);
    expect(masked).toBe(`ck_01${'*'.repeat(33)}34567`);
  });
});
