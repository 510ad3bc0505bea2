import {
  addMonths,
  defaultSelection,
  normaliseRange,
  parseSelection,
  selectionRange,
  selectionToSearch,
} from './selection';

const now = new Date(2026, 10, 25, 15, 30); // 25 Nov 2026, local time

describe('the analytics selection', () => {
  it('defaults to all applications and the last 30 days', () => {
    expect(parseSelection('', now)).toEqual(defaultSelection(now));
    expect(selectionRange(defaultSelection(now), now)).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
    });
  });

  it('reads back what it writes, so the Print link shows the same figures', () => {
    const selection = {
      appId: 'app-2',
      preset: 'custom' as const,
      start: { year: 2026, month: 3 },
      end: { year: 2026, month: 6 },
    };
    const search = selectionToSearch(selection);
    expect(search).toBe('appId=app-2&period=custom&start=2026-03&end=2026-06');
    expect(parseSelection(`?${search}`, now)).toEqual(selection);
    expect(selectionToSearch({ ...selection, appId: null, preset: '7d' })).toBe('period=7d');
  });

  it('ignores an unknown period', () => {
    expect(parseSelection('?period=forever', now).preset).toBe('30d');
  });

  it.each([
    ['7d', '2026-11-19', '2026-11-25'],
    ['90d', '2026-08-28', '2026-11-25'],
    ['12m', '2025-12-01', '2026-11-25'],
  ] as const)('%s covers %s to %s', (preset, from, to) => {
    expect(selectionRange({ ...defaultSelection(now), preset }, now)).toEqual({ from, to });
  });

  it('covers whole custom months, the current one only up to today', () => {
    const selection = {
      ...defaultSelection(now),
      preset: 'custom' as const,
      start: { year: 2026, month: 2 },
      end: { year: 2026, month: 11 },
    };
    expect(selectionRange(selection, now)).toEqual({ from: '2026-02-01', to: '2026-11-25' });
    expect(selectionRange({ ...selection, end: { year: 2026, month: 2 } }, now)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('swaps a reversed range and keeps it to 12 months (the api takes 366 days)', () => {
    expect(normaliseRange({ year: 2026, month: 5 }, { year: 2026, month: 2 }, now)).toEqual({
      start: { year: 2026, month: 2 },
      end: { year: 2026, month: 5 },
      capped: false,
    });
    expect(normaliseRange({ year: 2024, month: 1 }, { year: 2026, month: 3 }, now)).toEqual({
      start: { year: 2025, month: 4 },
      end: { year: 2026, month: 3 },
      capped: true,
    });
    // A future month is the current one.
    expect(normaliseRange({ year: 2026, month: 1 }, { year: 2027, month: 5 }, now).end).toEqual({
      year: 2026,
      month: 11,
    });
  });

  it('counts months across years', () => {
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2025, month: 12 }, 13)).toEqual({ year: 2027, month: 1 });
  });
});
