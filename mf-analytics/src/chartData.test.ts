import {
  applicationRows,
  channelBars,
  countBars,
  dayLines,
  dayRows,
  hourRows,
  monthRows,
  pageOfRows,
  revenueText,
  sparseTicks,
  stationRows,
  summariseChannelRows,
  summariseCountRows,
  userRows,
  weekdayRows,
} from './chartData';
import { makeUsage } from './fixtures';
import type { UsageAnalytics } from './types';

const usage: UsageAnalytics = {
  date: { from: '2026-10-30', to: '2026-11-02', tz: 'Europe/Berlin' },
  totals: { orders: 9, pos: 6, web: 3 },
  applicationAnalytics: [
    { applicationId: 'b', name: 'Bakery', orders: 2, pos: 1, web: 1, revenue: [] },
    {
      applicationId: 'a',
      name: 'Coffee',
      orders: 7,
      pos: 5,
      web: 2,
      revenue: [
        { currency: 'USD', cents: 123450 },
        { currency: 'EUR', cents: 0 },
      ],
    },
  ],
  timePeriodAnalytics: [
    { hour: 9, orders: 4, pos: 3, web: 1 },
    { hour: 17, orders: 5, pos: 3, web: 2 },
  ],
  stationAnalytics: [
    { applicationId: 'a', applicationName: 'Coffee', posId: 1, name: 'Front', orders: 2 },
    { applicationId: 'b', applicationName: 'Bakery', posId: 1, name: 'Front', orders: 1 },
    { applicationId: 'a', applicationName: 'Coffee', posId: 2, name: 'Bar', orders: 3 },
  ],
  userAnalytics: [
    { applicationId: 'a', applicationName: 'Coffee', cashierId: 5, name: 'Ana', orders: 1 },
    { applicationId: 'a', applicationName: 'Coffee', cashierId: 6, name: 'Ben', orders: 5 },
  ],
  dayOfWeekAnalytics: [{ day: 5, orders: 9, pos: 6, web: 3 }],
  perDay: [
    { date: '2026-10-30', orders: 2, pos: 1, web: 1 },
    { date: '2026-10-31', orders: 0, pos: 0, web: 0 },
    { date: '2026-11-01', orders: 3, pos: 3, web: 0 },
    { date: '2026-11-02', orders: 4, pos: 2, web: 2 },
  ],
  perMonth: [
    { month: '2026-10', orders: 2, pos: 1, web: 1 },
    { month: '2026-11', orders: 7, pos: 5, web: 2 },
  ],
};

describe('the usage analytics as table rows', () => {
  it('lists every day oldest first with its POS and web orders', () => {
    expect(dayRows(usage)).toEqual([
      { key: '2026-10-30', label: 'Oct 30, 2026', orders: 2, pos: 1, web: 1 },
      { key: '2026-10-31', label: 'Oct 31, 2026', orders: 0, pos: 0, web: 0 },
      { key: '2026-11-01', label: 'Nov 1, 2026', orders: 3, pos: 3, web: 0 },
      { key: '2026-11-02', label: 'Nov 2, 2026', orders: 4, pos: 2, web: 2 },
    ]);
  });

  it('names the months', () => {
    expect(monthRows(usage).map((row) => [row.label, row.orders])).toEqual([
      ['Oct 2026', 2],
      ['Nov 2026', 7],
    ]);
  });

  it('puts the busiest application first', () => {
    expect(applicationRows(usage).map((row) => [row.key, row.label, row.pos, row.web])).toEqual([
      ['a', 'Coffee', 5, 2],
      ['b', 'Bakery', 1, 1],
    ]);
  });

  it('has all 24 hours, the ones without orders at 0', () => {
    const rows = hourRows(usage);
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual({ key: '0', label: '00:00', orders: 0, pos: 0, web: 0 });
    expect(rows[9]).toEqual({ key: '9', label: '09:00', orders: 4, pos: 3, web: 1 });
    expect(rows[17]?.label).toBe('17:00');
  });

  it('has the 7 days of the week from Monday (ISO 1) to Sunday', () => {
    const rows = weekdayRows(usage);
    expect(rows.map((row) => row.label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows[4]).toMatchObject({ orders: 9, pos: 6, web: 3 });
    expect(rows[0]).toMatchObject({ orders: 0 });
  });

  it('lists stations and users busiest first, with their application', () => {
    expect(
      stationRows(usage).map((row) => [row.key, row.label, row.application, row.orders]),
    ).toEqual([
      ['a:2', 'Bar', 'Coffee', 3],
      ['a:1', 'Front', 'Coffee', 2],
      ['b:1', 'Front', 'Bakery', 1],
    ]);
    expect(userRows(usage).map((row) => [row.label, row.orders])).toEqual([
      ['Ben', 5],
      ['Ana', 1],
    ]);
  });
});

describe('the usage analytics as nivo data', () => {
  it('stacks POS and web per bar, keyed by the legend words', () => {
    expect(channelBars(monthRows(usage))).toEqual([
      { key: '2026-10', label: 'Oct 2026', POS: 1, Web: 1 },
      { key: '2026-11', label: 'Nov 2026', POS: 5, Web: 2 },
    ]);
  });

  it('keeps a bar per application when two share a name (bars are indexed by key)', () => {
    const twins: UsageAnalytics = {
      ...usage,
      applicationAnalytics: [
        { applicationId: 'a', name: 'Coffee', orders: 3, pos: 3, web: 0, revenue: [] },
        { applicationId: 'b', name: 'Coffee', orders: 2, pos: 1, web: 1, revenue: [] },
      ],
    };
    const bars = channelBars(applicationRows(twins));
    expect(bars).toEqual([
      { key: 'a', label: 'Coffee', POS: 3, Web: 0 },
      { key: 'b', label: 'Coffee', POS: 1, Web: 1 },
    ]);
    expect(new Set(bars.map((bar) => bar.key)).size).toBe(2);
  });

  it('draws the busiest stations, telling apart two of the same name by their store', () => {
    expect(countBars(stationRows(usage), 2)).toEqual([
      { key: 'a:2', label: 'Bar', Orders: 3 },
      { key: 'a:1', label: 'Front (Coffee)', Orders: 2 },
    ]);
  });

  it('draws a POS line and a web line over the days', () => {
    expect(dayLines(dayRows(usage))).toEqual([
      {
        id: 'POS',
        data: [
          { x: '2026-10-30', y: 1 },
          { x: '2026-10-31', y: 0 },
          { x: '2026-11-01', y: 3 },
          { x: '2026-11-02', y: 2 },
        ],
      },
      {
        id: 'Web',
        data: [
          { x: '2026-10-30', y: 1 },
          { x: '2026-10-31', y: 0 },
          { x: '2026-11-01', y: 0 },
          { x: '2026-11-02', y: 2 },
        ],
      },
    ]);
  });

  it('keeps at most the asked number of axis labels on a long range', () => {
    const days = dayRows(makeUsage({ days: 366 })).map((row) => row.key);
    const ticks = sparseTicks(days, 8);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(ticks[0]).toBe(days[0]);
    expect(sparseTicks(['a', 'b'], 8)).toEqual(['a', 'b']);
  });
});

describe('what a screen reader hears for a chart', () => {
  it('says the totals and the busiest bucket', () => {
    expect(summariseChannelRows('Orders by day of week', weekdayRows(usage))).toBe(
      'Orders by day of week: 9 orders, 6 POS and 3 web. Most on Friday: 9 orders.',
    );
    expect(summariseCountRows('Orders by user', userRows(usage), 'user', 'users')).toBe(
      'Orders by user: 6 orders by 2 users. Most by Ben: 5 orders.',
    );
  });

  it('says when there are no orders', () => {
    const empty = makeUsage({ empty: true });
    expect(summariseChannelRows('Orders per day', dayRows(empty))).toBe(
      'Orders per day: no orders.',
    );
    expect(summariseCountRows('Orders by station', stationRows(empty), 'station', 'stations')).toBe(
      'Orders by station: no orders.',
    );
  });
});

describe('paging and money', () => {
  it('pages rows and says whether a next page exists', () => {
    const rows = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOfRows(rows, 1, 10)).toEqual({
      rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      page: 1,
      pages: 3,
      hasNext: true,
    });
    expect(pageOfRows(rows, 3, 10)).toMatchObject({ rows: [20, 21, 22], hasNext: false });
    // A page past the end (the rows shrank on a reload) shows the last one.
    expect(pageOfRows(rows, 9, 10).page).toBe(3);
    expect(pageOfRows([], 1, 10)).toMatchObject({ rows: [], pages: 1, hasNext: false });
  });

  it('writes each currency of the takings, skipping the empty ones', () => {
    expect(revenueText(usage.applicationAnalytics[1]!.revenue)).toBe('$1,234.50');
    expect(
      revenueText([
        { currency: 'USD', cents: 500 },
        { currency: 'EUR', cents: 990 },
      ]),
    ).toBe('$5.00 · €9.90');
  });
});
