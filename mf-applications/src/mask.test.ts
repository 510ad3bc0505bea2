import { maskSecret } from './mask';

describe('maskSecret', () => {
  it('masks everything under 10 characters', () => {
    expect(maskSecret('')).toBe('');
    expect(maskSecret('abc')).toBe('***');
    expect(maskSecret('123456789')).toBe('*********');
  });

  it('shows the first and last character of a 10-character value', () => {
    expect(maskSecret('0123456789')).toBe('0********9');
  });

  it('rounds the shown share up: 11 characters show two at each end', () => {
    expect(maskSecret('abcdefghijk')).toBe('ab*******jk');
  });

  it('keeps the length and shows 5 at each end of a WooCommerce key', () => {
    const key = `ck_${'0123456789abcdef'.repeat(2)}01234567`;
    expect(key).toHaveLength(43);
    const masked = maskSecret(key);
    expect(masked).toHaveLength(43);
    expect(masked.slice(0, 5)).toBe('ck_01');
    expect(masked.slice(-5)).toBe('34567');
    expect(masked.slice(5, -5)).toBe('*'.repeat(33));
  });
});
