import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { call, changeUser } from '../../helpers/applications';
import { insertApplication, insertOrders, userIdOf } from '../../helpers/orders';

let ctx: TestContext;
let alpha: string;
let beta: string;
let gamma: string;
let othersApp: string;

const get = (url: string, sub = 'usr_manager') => call(ctx, 'GET', url, undefined, sub);

beforeAll(async () => {
  ctx = await createTestContext();
  const me = await userIdOf(ctx, 'usr_manager');
  alpha = await insertApplication(ctx, me, 'Alpha');
  beta = await insertApplication(ctx, me, 'Beta');
  gamma = await insertApplication(ctx, me, 'Gamma');
  othersApp = await insertApplication(ctx, await userIdOf(ctx, 'usr_other'), 'Other');

  // 2024-03-15 in New York (EDT, UTC-4) runs from 04:00Z to 04:00Z the next day; March 1
  // is still EST (UTC-5), so March starts at 05:00Z.
  await insertOrders(ctx, alpha, [
    { createdAt: '2024-03-15T03:59:00.000Z' }, // 14 March 23:59 local
    { createdAt: '2024-03-15T04:00:00.000Z' }, // 15 March 00:00
    { createdAt: '2024-03-16T03:59:59.999Z' }, // 15 March 23:59
    { createdAt: '2024-03-16T04:00:00.000Z' }, // 16 March
    { createdAt: '2024-04-01T03:30:00.000Z' }, // 31 March 23:30
    { createdAt: '2024-03-01T04:30:00.000Z' }, // 29 February 23:30
    { createdAt: '2023-07-01T12:00:00.000Z' },
    { createdAt: '2024-03-15T12:00:00.000Z', deleted: true },
  ]);
  await insertOrders(ctx, beta, [{ createdAt: '2024-03-15T20:00:00.000Z' }]);
  await insertOrders(ctx, othersApp, [{ createdAt: '2024-03-15T20:00:00.000Z' }]);

  // The usage period 9–11 March 2024 in New York spans the change to summer time (10 March,
  // 02:00 EST = 07:00Z).
  await insertOrders(ctx, alpha, [
    // 9 March 00:30 (Saturday), hour 0
    {
      createdAt: '2024-03-09T05:30:00.000Z',
      channel: 'pos',
      totalCents: 1000,
      stationPosId: 3,
      stationName: 'Till 1',
      cashierId: 7,
      cashierName: 'Ann Cashier',
    },
    // 10 March 01:59 EST (Sunday), hour 1
    { createdAt: '2024-03-10T06:59:00.000Z', channel: 'web', totalCents: 550 },
    // 11 March 23:59 EDT (Monday), hour 23
    {
      createdAt: '2024-03-12T03:59:00.000Z',
      channel: 'pos',
      totalCents: 100,
      stationPosId: 3,
      // Renamed in the store since the first order: the newest name is shown.
      stationName: 'Front Counter',
      cashierId: 7,
      cashierName: 'Ann Cashier',
    },
    // 11 March 11:00 (Monday), a POS order without station or cashier
    { createdAt: '2024-03-11T15:00:00.000Z', channel: 'pos', totalCents: 250 },
    // 11 March 08:00, deleted
    {
      createdAt: '2024-03-11T12:00:00.000Z',
      channel: 'pos',
      totalCents: 999,
      stationPosId: 4,
      deleted: true,
    },
    // 8 March 23:59 and 12 March 00:00 local: outside the period
    { createdAt: '2024-03-09T04:59:00.000Z', channel: 'pos', stationPosId: 3 },
    { createdAt: '2024-03-12T04:00:00.000Z', channel: 'pos', stationPosId: 3 },
  ]);
  await insertOrders(ctx, beta, [
    // 10 March 03:00 EDT (Sunday), hour 3
    {
      createdAt: '2024-03-10T07:00:00.000Z',
      channel: 'pos',
      totalCents: 2000,
      currency: 'EUR',
      stationPosId: 1,
      cashierId: 9,
    },
  ]);
  await insertOrders(ctx, othersApp, [
    { createdAt: '2024-03-10T12:00:00.000Z', channel: 'pos', stationPosId: 1 },
  ]);
});
afterAll(() => ctx.close());

describe('GET /analytics/orders', () => {
  const ny = 'date=2024-03-15&tz=America/New_York';

  it("counts the day and the month of the time zone, and all time, over all the caller's applications", async () => {
    const response = await get(`/analytics/orders?${ny}`);
    expect(response.statusCode).toBe(200);
    // Day: 00:00 and 23:59 of the 15th in Alpha, and Beta's. Month: also the 14th, the 16th
    // and the 31st (29 February and July 2023 are not March), and the orders of the usage
    // period below (six of Alpha's, one of Beta's). Deleted and another user's orders never.
    expect(response.json()).toEqual({ perDay: 3, perMonth: 5 + 6 + 2, total: 7 + 6 + 2 });
  });

  it('counts one application when appId is given', async () => {
    const response = await get(`/analytics/orders?${ny}&appId=${alpha}`);
    expect(response.json()).toEqual({ perDay: 2, perMonth: 5 + 6, total: 7 + 6 });
    const empty = await get(`/analytics/orders?${ny}&appId=${gamma}`);
    expect(empty.json()).toEqual({ perDay: 0, perMonth: 0, total: 0 });
  });

  it('counts deleted orders only with includeDeleted=true', async () => {
    const response = await get(`/analytics/orders?${ny}&appId=${alpha}&includeDeleted=true`);
    expect(response.json()).toEqual({ perDay: 3, perMonth: 5 + 6 + 2, total: 7 + 6 + 2 });
  });

  it('uses UTC days by default', async () => {
    const response = await get(`/analytics/orders?date=2024-03-15&appId=${alpha}`);
    // 03:59Z and 04:00Z of the 15th; 16 March 03:59Z is the 16th in UTC.
    expect(response.json()).toMatchObject({ perDay: 2 });
  });

  it('defaults the date to today in the time zone', async () => {
    const me = await userIdOf(ctx, 'usr_today');
    const app = await insertApplication(ctx, me, 'Today');
    await insertOrders(ctx, app, [
      { createdAt: new Date().toISOString() },
      { createdAt: '2020-01-01T00:00:00.000Z' },
    ]);
    const response = await get('/analytics/orders?tz=Pacific/Kiritimati', 'usr_today');
    expect(response.json()).toEqual({ perDay: 1, perMonth: expect.any(Number), total: 2 });
  });

  it("answers 404 for another user's application or one that does not exist", async () => {
    for (const id of [othersApp, 'no-such-app']) {
      const response = await get(`/analytics/orders?appId=${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/Application/);
    }
  });

  it('answers 400 with a clear message for a bad date or time zone', async () => {
    const cases: Array<[string, RegExp]> = [
      ['date=2024-02-30', /date must be a real calendar date/],
      ['date=15.03.2024', /date/],
      ['tz=Mars/Olympus', /tz must be an IANA time zone/],
      ['includeDeleted=perhaps', /includeDeleted/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/analytics/orders?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('is for managers only: a cashier gets 403, a banned manager 402', async () => {
    await changeUser(ctx, 'usr_cashier', { user_role: 'other' });
    expect((await get('/analytics/orders', 'usr_cashier')).statusCode).toBe(403);
    expect((await get('/analytics/usage', 'usr_cashier')).statusCode).toBe(403);
    await changeUser(ctx, 'usr_banned', { block: 'block' });
    expect((await get('/analytics/orders', 'usr_banned')).statusCode).toBe(402);
    expect((await get('/analytics/usage', 'usr_banned')).statusCode).toBe(402);
  });
});

describe('GET /analytics/usage', () => {
  const period = 'from=2024-03-09&to=2024-03-11&tz=America/New_York';
  const none = { orders: 0, pos: 0, web: 0 };

  it('gives every chart of the period, in the time zone, across a daylight-saving change', async () => {
    const response = await get(`/analytics/usage?${period}`);
    expect(response.statusCode).toBe(200);
    const usage = response.json();
    expect(usage.date).toEqual({ from: '2024-03-09', to: '2024-03-11', tz: 'America/New_York' });
    expect(usage.totals).toEqual({ orders: 5, pos: 4, web: 1 });
    expect(usage.applicationAnalytics).toEqual([
      {
        applicationId: alpha,
        name: 'Alpha',
        orders: 4,
        pos: 3,
        web: 1,
        revenue: [{ currency: 'USD', cents: 1000 + 550 + 100 + 250 }],
      },
      {
        applicationId: beta,
        name: 'Beta',
        orders: 1,
        pos: 1,
        web: 0,
        revenue: [{ currency: 'EUR', cents: 2000 }],
      },
      { applicationId: gamma, name: 'Gamma', ...none, revenue: [] },
    ]);
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, ...none }));
    hours[0] = { hour: 0, orders: 1, pos: 1, web: 0 };
    hours[1] = { hour: 1, orders: 1, pos: 0, web: 1 };
    hours[3] = { hour: 3, orders: 1, pos: 1, web: 0 };
    hours[11] = { hour: 11, orders: 1, pos: 1, web: 0 };
    hours[23] = { hour: 23, orders: 1, pos: 1, web: 0 };
    expect(usage.timePeriodAnalytics).toEqual(hours);
    expect(usage.stationAnalytics).toEqual([
      {
        applicationId: alpha,
        applicationName: 'Alpha',
        posId: 3,
        name: 'Front Counter',
        orders: 2,
      },
      // No order named it.
      { applicationId: beta, applicationName: 'Beta', posId: 1, name: 'Station #1', orders: 1 },
    ]);
    expect(usage.userAnalytics).toEqual([
      {
        applicationId: alpha,
        applicationName: 'Alpha',
        cashierId: 7,
        name: 'Ann Cashier',
        orders: 2,
      },
      { applicationId: beta, applicationName: 'Beta', cashierId: 9, name: 'User #9', orders: 1 },
    ]);
    expect(usage.dayOfWeekAnalytics).toEqual([
      { day: 1, orders: 2, pos: 2, web: 0 },
      { day: 2, ...none },
      { day: 3, ...none },
      { day: 4, ...none },
      { day: 5, ...none },
      { day: 6, orders: 1, pos: 1, web: 0 },
      { day: 7, orders: 2, pos: 1, web: 1 },
    ]);
    expect(usage.perDay).toEqual([
      { date: '2024-03-09', orders: 1, pos: 1, web: 0 },
      { date: '2024-03-10', orders: 2, pos: 1, web: 1 },
      { date: '2024-03-11', orders: 2, pos: 2, web: 0 },
    ]);
    expect(usage.perMonth).toEqual([{ month: '2024-03', orders: 5, pos: 4, web: 1 }]);
  });

  it('reads one application with appId, and deleted orders with includeDeleted', async () => {
    const one = (await get(`/analytics/usage?${period}&appId=${beta}`)).json();
    expect(one.totals).toEqual({ orders: 1, pos: 1, web: 0 });
    expect(one.applicationAnalytics.map((a: { name: string }) => a.name)).toEqual(['Beta']);
    expect(one.userAnalytics).toHaveLength(1);

    const all = (await get(`/analytics/usage?${period}&includeDeleted=true`)).json();
    expect(all.totals).toEqual({ orders: 6, pos: 5, web: 1 });
    expect(all.perDay[2]).toEqual({ date: '2024-03-11', orders: 3, pos: 3, web: 0 });
    expect(all.stationAnalytics).toContainEqual({
      applicationId: alpha,
      applicationName: 'Alpha',
      posId: 4,
      name: 'Station #4',
      orders: 1,
    });
    expect(all.applicationAnalytics[0].revenue).toEqual([
      { currency: 'USD', cents: 1000 + 550 + 100 + 250 + 999 },
    ]);
  });

  it('lists every day, hour, weekday and month of an empty period with zeros', async () => {
    const usage = (await get('/analytics/usage?from=2028-02-27&to=2028-03-02')).json();
    expect(usage.perDay.map((d: { date: string }) => d.date)).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
    expect(usage.perMonth).toEqual([
      { month: '2028-02', ...none },
      { month: '2028-03', ...none },
    ]);
    expect(usage.timePeriodAnalytics).toHaveLength(24);
    expect(usage.dayOfWeekAnalytics).toHaveLength(7);
    for (const entry of [
      ...usage.perDay,
      ...usage.timePeriodAnalytics,
      ...usage.dayOfWeekAnalytics,
    ])
      expect(entry).toMatchObject(none);
    expect(usage.totals).toEqual(none);
    expect(usage.applicationAnalytics).toHaveLength(3);
    expect(usage.stationAnalytics).toEqual([]);
    expect(usage.userAnalytics).toEqual([]);
  });

  it('places orders on the local hour and day in a half-hour time zone', async () => {
    const me = await userIdOf(ctx, 'usr_kolkata');
    const app = await insertApplication(ctx, me, 'Chai');
    await insertOrders(ctx, app, [
      { createdAt: '2024-03-10T18:14:00.000Z' }, // 23:44 in Kolkata, 23:59 in Kathmandu (+05:45)
      { createdAt: '2024-03-10T18:29:00.000Z' }, // 10 March 23:59 in Kolkata (UTC+05:30)
      { createdAt: '2024-03-10T18:30:00.000Z' }, // 11 March 00:00
      { createdAt: '2024-03-10T18:59:00.000Z' }, // 11 March 00:29
    ]);
    const usage = (
      await get('/analytics/usage?from=2024-03-10&to=2024-03-11&tz=Asia/Kolkata', 'usr_kolkata')
    ).json();
    expect(usage.perDay).toEqual([
      { date: '2024-03-10', orders: 2, pos: 0, web: 2 },
      { date: '2024-03-11', orders: 2, pos: 0, web: 2 },
    ]);
    expect(usage.timePeriodAnalytics[23]).toEqual({ hour: 23, orders: 2, pos: 0, web: 2 });
    expect(usage.timePeriodAnalytics[0]).toEqual({ hour: 0, orders: 2, pos: 0, web: 2 });

    const kathmandu = (
      await get('/analytics/usage?from=2024-03-10&to=2024-03-11&tz=Asia/Kathmandu', 'usr_kolkata')
    ).json();
    expect(kathmandu.perDay.map((d: { orders: number }) => d.orders)).toEqual([1, 3]);
    expect(kathmandu.timePeriodAnalytics[23].orders).toBe(1);
    expect(kathmandu.timePeriodAnalytics[0].orders).toBe(3);
  });

  it('defaults to the last 30 days ending today in the time zone', async () => {
    const usage = (await get('/analytics/usage?tz=Europe/Berlin')).json();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
      new Date(),
    );
    expect(usage.perDay).toHaveLength(30);
    expect(usage.date.to).toBe(today);
    expect(usage.perDay[29].date).toBe(today);
  });

  it("answers 400 for a bad period or time zone, 404 for another user's application", async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=2024-03-02&to=2024-03-01', /from must not be after to/],
      ['from=2023-01-01&to=2024-01-02', /at most 366 days/],
      ['from=2024-13-01', /from must be a real calendar date/],
      ['to=2024-02-30', /to must be a real calendar date/],
      ['tz=Not/AZone', /tz must be an IANA time zone/],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/analytics/usage?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // 366 days, a leap year, is still allowed.
    expect((await get('/analytics/usage?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await get(`/analytics/usage?appId=${othersApp}`)).statusCode).toBe(404);
  });
});

describe('dates at the edges of what the api accepts', () => {
  let edge: string;
  beforeAll(async () => {
    edge = await insertApplication(ctx, await userIdOf(ctx, 'usr_edges'), 'Edge');
    await insertOrders(ctx, edge, [
      { createdAt: '9999-12-31T12:00:00.000Z' },
      { createdAt: '9999-12-30T09:00:00.000Z' },
      { createdAt: '2024-02-29T12:00:00.000Z' },
      { createdAt: '1970-01-01T00:00:00.000Z' },
    ]);
  });
  const edges = (url: string) => get(url, 'usr_edges');

  it('answers the last day YYYY-MM-DD can write, in every zone, for both routes', async () => {
    // The day after 9999-12-31 is in the year 10000: it used to loop forever (usage) or 500.
    const usage = await edges('/analytics/usage?from=9999-12-31&to=9999-12-31');
    expect(usage.statusCode).toBe(200);
    expect(usage.json().perDay).toEqual([{ date: '9999-12-31', orders: 1, pos: 0, web: 1 }]);
    expect(usage.json().perMonth).toEqual([{ month: '9999-12', orders: 1, pos: 0, web: 1 }]);
    const year = await edges('/analytics/usage?from=9999-01-01&to=9999-12-31&tz=America/New_York');
    expect(year.statusCode).toBe(200);
    expect(year.json().perDay).toHaveLength(365);
    expect(year.json().perMonth).toHaveLength(12);
    expect(year.json().totals.orders).toBe(2);
    // Kiritimati (UTC+14): its 31 December 9999 runs 30 December 10:00Z to 31 December 10:00Z,
    // between the two orders (the end is the real instant, not the end of all time).
    const kiritimati = await edges(
      '/analytics/usage?from=9999-12-31&to=9999-12-31&tz=Pacific/Kiritimati',
    );
    expect(kiritimati.json().totals.orders).toBe(0);
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Etc/GMT%2B12']) {
      const orders = await edges(`/analytics/orders?date=9999-12-31&tz=${tz}`);
      expect(orders.statusCode).toBe(200);
      expect(orders.json().total).toBe(4);
    }
    expect((await edges('/analytics/orders?date=9999-12-31')).json()).toEqual({
      perDay: 1,
      perMonth: 2,
      total: 4,
    });
  });

  it('answers the first day, leap days and refuses what no day or range can be', async () => {
    const first = await edges(
      '/analytics/usage?from=1970-01-01&to=1970-01-01&tz=Pacific/Kiritimati',
    );
    expect(first.statusCode).toBe(200);
    expect((await edges('/analytics/orders?date=1970-01-01')).json().perDay).toBe(1);
    expect((await edges('/analytics/orders?date=2024-02-29')).json().perDay).toBe(1);
    const refused: Array<[string, RegExp]> = [
      [
        '/analytics/usage?from=0001-01-01&to=1970-01-05',
        /from must be a real calendar date .* from 1970 on/,
      ],
      ['/analytics/orders?date=0001-01-01', /date must be a real calendar date .* from 1970 on/],
      ['/analytics/orders?date=1969-12-31', /from 1970 on/],
      ['/analytics/orders?date=2023-02-29', /date must be a real calendar date/],
      ['/analytics/usage?from=1970-01-01&to=9999-12-31', /at most 366 days/],
      ['/analytics/usage?from=0001-01-01&to=9999-12-31', /from must be a real calendar date/],
    ];
    for (const [url, message] of refused) {
      const response = await edges(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('deletions of orders the api never had', () => {
  it('count nowhere, not even with includeDeleted=true', async () => {
    // A store deletes an order whose create never reached the api: markDeleted keeps a stub
    // (no currency, no total, channel web) so that a late create stays deleted.
    expect(await ctx.app.repos.orders.markDeleted(gamma, 9001, '2024-03-10T16:00:00.000Z')).toBe(
      false,
    );
    const usage = (
      await get(
        `/analytics/usage?from=2024-03-09&to=2024-03-11&tz=America/New_York&appId=${gamma}&includeDeleted=true`,
      )
    ).json();
    expect(usage.totals).toEqual({ orders: 0, pos: 0, web: 0 });
    expect(usage.applicationAnalytics).toEqual([
      expect.objectContaining({ name: 'Gamma', orders: 0, web: 0, revenue: [] }),
    ]);
    expect(usage.perDay.every((day: { web: number }) => day.web === 0)).toBe(true);
    const counts = await get(
      `/analytics/orders?date=2024-03-10&tz=America/New_York&appId=${gamma}&includeDeleted=true`,
    );
    expect(counts.json()).toEqual({ perDay: 0, perMonth: 0, total: 0 });
  });
});
