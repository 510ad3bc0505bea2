import {
  AnalyticsInputError,
  canonicalTimeZone,
  dayStartUtc,
  hourSplit,
  ZoneClock,
} from '../../../src/domain/analytics/time';
import type { UsageRows } from '../../../src/domain/analytics/usage';
import { buildUsage, orderCountPeriod, usagePeriod } from '../../../src/domain/analytics/usage';

const noRows: UsageRows = { buckets: [], groups: [] };

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(() => canonicalTimeZone('Europe/Atlantis')).toThrow(AnalyticsInputError);
  });

  it('starts a local day at its UTC instant, on both sides of a daylight-saving change', () => {
    expect(dayStartUtc('2024-03-30', 'Europe/Berlin')).toBe('2024-03-29T23:00:00.000Z');
    expect(dayStartUtc('2024-04-01', 'Europe/Berlin')).toBe('2024-03-31T22:00:00.000Z');
    expect(dayStartUtc('2024-03-11', 'Asia/Kolkata')).toBe('2024-03-10T18:30:00.000Z');
  });

  it('places instants on the local day, hour and ISO weekday', () => {
    const clock = new ZoneClock(
      'America/New_York',
      Date.parse('2024-10-01T00:00:00Z'),
      Date.parse('2024-12-01T00:00:00Z'),
    );
    // 2024-11-03: New York falls back from EDT to EST at 06:00Z.
    expect(clock.local(Date.parse('2024-11-03T05:30:00.000Z'))).toEqual({
      date: '2024-11-03',
      month: '2024-11',
      hour: 1,
      weekday: 7,
    });
    expect(clock.local(Date.parse('2024-11-03T06:30:00.000Z'))).toMatchObject({ hour: 1 });
    expect(clock.local(Date.parse('2024-11-04T04:59:00.000Z'))).toMatchObject({
      date: '2024-11-03',
      hour: 23,
    });
    expect(clock.local(Date.parse('2024-11-04T05:00:00.000Z'))).toMatchObject({
      date: '2024-11-04',
      hour: 0,
      weekday: 1,
    });
  });

  it('splits UTC hours where the local hours of a non-whole-hour zone begin', () => {
    const year = [Date.parse('2024-01-01T00:00:00Z'), Date.parse('2025-01-01T00:00:00Z')] as const;
    expect(hourSplit(new ZoneClock('Europe/Berlin', ...year))).toBeNull();
    expect(hourSplit(new ZoneClock('Asia/Kolkata', ...year))).toBe(30);
    expect(hourSplit(new ZoneClock('Asia/Kathmandu', ...year))).toBe(15);
    expect(hourSplit(new ZoneClock('America/St_Johns', ...year))).toBe(30);
    // Lord Howe Island is +11 in summer and +10:30 in winter.
    expect(hourSplit(new ZoneClock('Australia/Lord_Howe', ...year))).toBe(30);
    expect(
      hourSplit(
        new ZoneClock(
          'Australia/Lord_Howe',
          Date.parse('2024-01-01T00:00:00Z'),
          Date.parse('2024-02-01T00:00:00Z'),
        ),
      ),
    ).toBeNull();
  });

  it('finds the minute of each offset change in the range', () => {
    const clock = new ZoneClock(
      'Europe/Berlin',
      Date.parse('2024-01-01T00:00:00Z'),
      Date.parse('2025-01-01T00:00:00Z'),
    );
    // Summer time from 31 March 01:00Z to 27 October 01:00Z.
    expect(clock.offsetAt(Date.parse('2024-03-31T00:59:00Z'))).toBe(60);
    expect(clock.offsetAt(Date.parse('2024-03-31T01:00:00Z'))).toBe(120);
    expect(clock.offsetAt(Date.parse('2024-10-27T00:59:00Z'))).toBe(120);
    expect(clock.offsetAt(Date.parse('2024-10-27T01:00:00Z'))).toBe(60);

    // Morocco leaves summer time (+01) for Ramadan and resumes it weeks later.
    const casablanca = new ZoneClock(
      'Africa/Casablanca',
      Date.parse('2025-01-01T00:00:00Z'),
      Date.parse('2025-06-01T00:00:00Z'),
    );
    expect(casablanca.offsetAt(Date.parse('2025-02-01T00:00:00Z'))).toBe(60);
    expect(casablanca.offsetAt(Date.parse('2025-03-15T00:00:00Z'))).toBe(0);
    expect(casablanca.offsetAt(Date.parse('2025-05-01T00:00:00Z'))).toBe(60);
  });
});

describe('periods', () => {
  it('gives the day and month of a date in a zone as UTC instants', () => {
    expect(orderCountPeriod({ date: '2024-03-15', tz: 'America/New_York' })).toEqual({
      date: '2024-03-15',
      tz: 'America/New_York',
      dayStart: '2024-03-15T04:00:00.000Z',
      dayEnd: '2024-03-16T04:00:00.000Z',
      monthStart: '2024-03-01T05:00:00.000Z',
      monthEnd: '2024-04-01T04:00:00.000Z',
    });
    expect(orderCountPeriod({ date: '2024-12-31' })).toMatchObject({
      monthEnd: '2025-01-01T00:00:00.000Z',
    });
  });

  it('defaults the date to today in the zone', () => {
    const now = new Date('2024-06-30T23:30:00.000Z');
    expect(orderCountPeriod({ tz: 'Europe/Berlin' }, now).date).toBe('2024-07-01');
    expect(orderCountPeriod({}, now).date).toBe('2024-06-30');
  });

  it('defaults the usage period to the last 30 days and bounds it', () => {
    const now = new Date('2024-03-10T12:00:00.000Z');
    expect(usagePeriod({}, now)).toMatchObject({ from: '2024-02-10', to: '2024-03-10' });
    expect(usagePeriod({ to: '2024-01-30' }, now)).toMatchObject({ from: '2024-01-01' });
    expect(() => usagePeriod({ from: '2024-03-11', to: '2024-03-10' })).toThrow(
      'from must not be after to',
    );
    expect(() => usagePeriod({ from: '2023-01-01', to: '2024-01-01' })).not.toThrow();
    expect(() => usagePeriod({ from: '2023-01-01', to: '2024-01-02' })).toThrow('366 days');
    expect(() => usagePeriod({ from: '2024-02-30', to: '2024-03-01' })).toThrow(
      'from must be a real calendar date',
    );
  });
});

describe('buildUsage', () => {
  const apps = [
    { id: 'a', name: 'Alpha' },
    { id: 'b', name: 'Beta' },
  ];

  it('folds buckets into local days, months, hours and weekdays, zeros included', () => {
    const period = usagePeriod({ from: '2024-01-31', to: '2024-02-01', tz: 'Asia/Tokyo' });
    const usage = buildUsage(period, apps, {
      ...noRows,
      buckets: [
        // 31 January 09:00 and 23:00 in Tokyo (UTC+9), a Wednesday
        { hour: '2024-01-31T00', minute: 0, orders: 2, pos: 2 },
        { hour: '2024-01-31T14', minute: 0, orders: 1, pos: 0 },
        // 1 February 08:00, Thursday
        { hour: '2024-01-31T23', minute: 0, orders: 4, pos: 0 },
      ],
    });
    expect(usage.totals).toEqual({ orders: 7, pos: 2, web: 5 });
    expect(usage.perDay).toEqual([
      { date: '2024-01-31', orders: 3, pos: 2, web: 1 },
      { date: '2024-02-01', orders: 4, pos: 0, web: 4 },
    ]);
    expect(usage.perMonth).toEqual([
      { month: '2024-01', orders: 3, pos: 2, web: 1 },
      { month: '2024-02', orders: 4, pos: 0, web: 4 },
    ]);
    expect(usage.timePeriodAnalytics).toHaveLength(24);
    expect(usage.timePeriodAnalytics.filter((h) => h.orders > 0)).toEqual([
      { hour: 8, orders: 4, pos: 0, web: 4 },
      { hour: 9, orders: 2, pos: 2, web: 0 },
      { hour: 23, orders: 1, pos: 0, web: 1 },
    ]);
    expect(usage.dayOfWeekAnalytics.map((d) => d.orders)).toEqual([0, 0, 3, 4, 0, 0, 0]);
  });

  it('lists every application by orders with revenue per currency, stations and cashiers by orders', () => {
    const period = usagePeriod({ from: '2024-01-01', to: '2024-01-01' });
    const group = {
      applicationId: 'b',
      posId: null,
      cashierId: null,
      cashierName: null,
      stationName: null,
      stationNamedAt: null,
    };
    const usage = buildUsage(period, apps, {
      ...noRows,
      groups: [
        {
          ...group,
          channel: 'pos',
          posId: 2,
          cashierId: 3,
          cashierName: 'Cara',
          currency: 'EUR',
          orders: 1,
          cents: 100,
        },
        {
          ...group,
          channel: 'pos',
          posId: 2,
          cashierId: 3,
          cashierName: 'Cara B',
          currency: 'EUR',
          orders: 1,
          cents: 100,
        },
        {
          ...group,
          channel: 'pos',
          posId: 2,
          cashierId: 4,
          currency: 'EUR',
          orders: 3,
          cents: 100,
        },
        { ...group, channel: 'pos', posId: 1, currency: 'EUR', orders: 1, cents: 50 },
        { ...group, channel: 'web', currency: 'USD', orders: 1, cents: 100 },
        // A deleted order the api never had: no currency.
        { ...group, channel: 'web', currency: '', orders: 1, cents: 0 },
      ],
    });
    expect(usage.applicationAnalytics).toEqual([
      {
        applicationId: 'b',
        name: 'Beta',
        orders: 8,
        pos: 6,
        web: 2,
        revenue: [
          { currency: 'EUR', cents: 350 },
          { currency: 'USD', cents: 100 },
        ],
      },
      { applicationId: 'a', name: 'Alpha', orders: 0, pos: 0, web: 0, revenue: [] },
    ]);
    expect(usage.stationAnalytics.map((s) => [s.name, s.orders])).toEqual([
      ['Station #2', 5],
      ['Station #1', 1],
    ]);
    expect(usage.userAnalytics.map((u) => [u.name, u.orders, u.applicationName])).toEqual([
      ['User #4', 3, 'Beta'],
      ['Cara B', 2, 'Beta'],
    ]);
  });

  it('names a station by its newest named order, and Station #{posId} only when none named it', () => {
    const period = usagePeriod({ from: '2024-01-01', to: '2024-01-01' });
    const group = {
      applicationId: 'b',
      channel: 'pos',
      cashierId: null,
      cashierName: null,
      currency: 'EUR',
      cents: 100,
    };
    const usage = buildUsage(period, apps, {
      ...noRows,
      groups: [
        // Renamed in the store: the newer name wins, whichever group carries it.
        {
          ...group,
          posId: 1,
          orders: 2,
          stationName: 'Front Desk',
          stationNamedAt: '2024-01-01T10:00:00.000Z',
        },
        {
          ...group,
          posId: 1,
          cashierId: 5,
          orders: 1,
          stationName: 'Front Counter',
          stationNamedAt: '2024-01-01T09:00:00.000Z',
        },
        { ...group, posId: 1, cashierId: 6, orders: 1, stationName: null, stationNamedAt: null },
        // The same station number of another application is another station.
        {
          ...group,
          applicationId: 'a',
          posId: 1,
          orders: 3,
          stationName: 'Till',
          stationNamedAt: '2024-01-01T08:00:00.000Z',
        },
        { ...group, posId: 2, orders: 1, stationName: null, stationNamedAt: null },
      ],
    });
    expect(
      usage.stationAnalytics.map((s) => [s.applicationName, s.posId, s.name, s.orders]),
    ).toEqual([
      ['Beta', 1, 'Front Desk', 4],
      ['Alpha', 1, 'Till', 3],
      ['Beta', 2, 'Station #2', 1],
    ]);
  });
});
