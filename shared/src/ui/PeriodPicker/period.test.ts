import { clampPeriod, orderPeriodRange, periodFirstDay, periodLastDay } from './period';

describe('orderPeriodRange', () => {
  it('swaps the months when the start is after the end', () => {
    expect(orderPeriodRange({ year: 2024, month: 5 }, { year: 2023, month: 11 })).toEqual({
      start: { year: 2023, month: 11 },
      end: { year: 2024, month: 5 },
    });
    expect(orderPeriodRange({ year: 2024, month: 7 }, { year: 2024, month: 2 })).toEqual({
      start: { year: 2024, month: 2 },
      end: { year: 2024, month: 7 },
    });
  });

  it('keeps a range that is already in order, including a single month', () => {
    const march = { year: 2022, month: 3 };
    expect(orderPeriodRange(march, { year: 2022, month: 9 })).toEqual({
      start: march,
      end: { year: 2022, month: 9 },
    });
    expect(orderPeriodRange(march, march)).toEqual({ start: march, end: march });
  });
});

describe('period days', () => {
  it('gives the first and last day of a month, leap years included', () => {
    expect(periodFirstDay({ year: 2024, month: 2 })).toBe('2024-02-01');
    expect(periodLastDay({ year: 2024, month: 2 })).toBe('2024-02-29');
    expect(periodLastDay({ year: 2023, month: 2 })).toBe('2023-02-28');
    expect(periodLastDay({ year: 2023, month: 12 })).toBe('2023-12-31');
  });
});

describe('clampPeriod', () => {
  it('never goes past the current month or before 2020', () => {
    const now = new Date(2025, 3, 15);
    expect(clampPeriod({ year: 2025, month: 9 }, now)).toEqual({ year: 2025, month: 4 });
    expect(clampPeriod({ year: 2019, month: 6 }, now)).toEqual({ year: 2020, month: 1 });
    expect(clampPeriod({ year: 2023, month: 6 }, now)).toEqual({ year: 2023, month: 6 });
  });
});
