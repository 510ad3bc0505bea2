import { formatMoney, quickAmounts, toCents } from './money';

describe('money', () => {
  it("formats the store's amounts in its currency and locale", () => {
    expect(formatMoney('12.5', 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney('12.5', 'EUR', 'de-DE')).toBe('12,50\u00a0€');
  });

  it('reads amounts the cashier types, refusing anything else', () => {
    expect(toCents('20')).toBe(2000);
    expect(toCents('20,5')).toBe(2050);
    expect(toCents('7.99')).toBe(799);
    expect(toCents('-1')).toBeNull();
    expect(toCents('1.999')).toBeNull();
  });

  it('offers the exact amount and the next round notes', () => {
    expect(quickAmounts(673)).toEqual([673, 1000, 2000, 5000]);
    expect(quickAmounts(2000)).toEqual([2000, 5000, 10000]);
  });
});
