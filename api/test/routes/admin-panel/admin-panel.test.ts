import { newId } from '../../../src/db/ids';
import { PLAN_IDS } from '../../../src/db/plans';
import { searchTextOf } from '../../../src/repositories/users';
import { seedBulkUsers } from '../../../src/seed/bulk';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { insertApplication, insertOrders } from '../../helpers/orders';

let ctx: TestContext;
let adminHeaders: { authorization: string };
let adminId: string;
/** Bob's orders of today: 2 on the 1st of a month (his "earlier this month" is today). */
let bobToday = 1;

interface Row {
  id: string;
  fullName: string | null;
  email: string;
  createdAt: string;
  block: string;
  type: string;
  plan: string | null;
}
interface ListAnswer {
  list: Row[];
  totalAll: number;
  totalRecords: number;
}

/** Twelve users, one on the 15th of each month of 2023, plus three on known days of 2024. */
const PEOPLE: [string, string, string][] = [
  ...Array.from({ length: 12 }, (_, m): [string, string, string] => [
    `Month${String(m + 1).padStart(2, '0')} Person`,
    `m${m + 1}@people.test`,
    `2023-${String(m + 1).padStart(2, '0')}-15T12:00:00.000Z`,
  ]),
  ['Zoe Quist', 'zoe@quist.test', '2024-03-01T00:00:00.000Z'],
  ['Ana 100%_Real', 'ana@percent.test', '2024-03-31T23:59:59.999Z'],
  ['Bob Builder', 'BOB@Example.COM', '2024-04-01T00:00:00.000Z'],
];

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  for (const [name, email, createdAt] of PEOPLE) {
    const id = newId();
    await db
      .insertInto('users')
      .values({
        id,
        sub: `usr_${email}`,
        email,
        full_name: name,
        is_admin: 0,
        is_verified: 1,
        user_role: 'manager',
        block: 'unblock',
        subscription_type: 'cloud',
        created_at: createdAt,
        last_access_at: null,
        search_text: searchTextOf(name, email),
      })
      .execute();
    await db
      .insertInto('subscriptions')
      .values({
        user_id: id,
        plan_id: PLAN_IDS.plus,
        cancel_date: null,
        past_due_invoices: '[]',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  }
  // Bob's two stores have orders: today, earlier this month, last month, and a deleted one.
  const bob = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'BOB@Example.COM')
    .executeTakeFirstOrThrow();
  const now = new Date();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  // On the 1st of a month "earlier this month" is today too: the order goes after midnight.
  const earlierThisMonth = dayStart === monthStart ? now.getTime() : monthStart;
  if (dayStart === monthStart) bobToday = 2;
  for (const [name, times] of [
    ['Bob One', [dayStart, monthStart - 1]],
    ['Bob Two', [earlierThisMonth]],
  ] as const) {
    const app = await insertApplication(ctx, bob.id, name);
    await insertOrders(
      ctx,
      app,
      times.map((ms) => ({ createdAt: new Date(ms).toISOString() })),
    );
    await insertOrders(ctx, app, [{ createdAt: new Date(dayStart).toISOString(), deleted: true }]);
  }
  adminHeaders = await ctx.bearer(
    asUser('usr_the_admin', { isAdmin: true, name: 'The Admin', email: 'admin@admin.test' }),
  );
  await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/user-data', headers: adminHeaders });
  adminId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_the_admin')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => ctx.close());

const listUsers = async (query = '') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/connect-ui/admin-panel/users${query}`,
    headers: adminHeaders,
  });
  return response;
};
const answer = async (query = '') => (await listUsers(query)).json() as ListAnswer;

describe('GET /admin-panel/users', () => {
  it('pages 10 newest first with every field of the row, and both totals', async () => {
    const first = await answer();
    expect(first.totalAll).toBe(16);
    expect(first.totalRecords).toBe(16);
    expect(first.list).toHaveLength(10);
    // A user who has not chosen a plan yet has none.
    expect(first.list[0]).toMatchObject({ fullName: 'The Admin', plan: null });
    expect(first.list[1]).toEqual({
      id: expect.any(String),
      fullName: 'Bob Builder',
      email: 'BOB@Example.COM',
      type: 'cloud',
      plan: 'Plus',
      ordersCount: 3,
      ordersCountMonth: 2,
      ordersCountToday: bobToday,
      userRole: 'manager',
      createdAt: '2024-04-01T00:00:00.000Z',
      block: 'unblock',
    });
    const second = await answer('?page=2');
    expect(second.list.map((r) => r.fullName)).toEqual(
      ['06', '05', '04', '03', '02', '01'].map((m) => `Month${m} Person`),
    );
    expect((await answer('?page=3')).list).toEqual([]);
  });

  it('filters by a case-insensitive part of the name or email', async () => {
    const byEmail = await answer('?filter=example.com');
    expect(byEmail.list.map((r) => r.fullName)).toEqual(['Bob Builder']);
    expect(byEmail.totalRecords).toBe(1);
    expect(byEmail.totalAll).toBe(16);
    const byName = await answer('?filter=ZOE%20q');
    expect(byName.list.map((r) => r.email)).toEqual(['zoe@quist.test']);
    const paged = await answer('?filter=person&limit=5&page=2');
    expect(paged.totalRecords).toBe(12);
    expect(paged.list.map((r) => r.fullName)).toEqual(
      ['07', '06', '05', '04', '03'].map((m) => `Month${m} Person`),
    );
  });

  it('does not match across the end of the name and the start of the email', async () => {
    expect((await answer('?filter=builder%20bob')).totalRecords).toBe(0);
  });

  it('treats % and _ in the filter as plain characters', async () => {
    expect((await answer('?filter=100%25_')).list.map((r) => r.fullName)).toEqual([
      'Ana 100%_Real',
    ]);
    expect((await answer('?filter=%25')).totalRecords).toBe(1);
    expect((await answer('?filter=_')).totalRecords).toBe(1);
  });

  it('counts and pages many matches, near the start and far down the list', async () => {
    await seedBulkUsers(ctx.database.db, 260, {
      prefix: 'many',
      until: new Date('2022-12-31T00:00:00.000Z'),
    });
    try {
      const second = await answer('?filter=@demo.test&page=2');
      expect(second.totalRecords).toBe(260);
      expect(second.list.map((r) => r.email)).toEqual(
        Array.from({ length: 10 }, (_, i) => `many${String(250 - i)}@demo.test`),
      );
      const last = await answer('?filter=@demo.test&page=26');
      expect(last.totalRecords).toBe(260);
      expect(last.list.map((r) => r.email)).toEqual(
        Array.from({ length: 10 }, (_, i) => `many${String(10 - i).padStart(3, '0')}@demo.test`),
      );
      expect((await answer('?filter=@demo.test&page=27')).list).toEqual([]);
    } finally {
      await ctx.database.db.deleteFrom('users').where('sub', 'like', 'usr_many_%').execute();
    }
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await answer('?filter=nobody-at-all')).toEqual({
      list: [],
      totalAll: 16,
      totalRecords: 0,
    });
  });

  it('applies an inclusive date range only with includeDateRange=true', async () => {
    const march = await answer('?includeDateRange=true&startDate=2024-03-01&endDate=2024-03-31');
    expect(march.list.map((r) => r.fullName)).toEqual(['Ana 100%_Real', 'Zoe Quist']);
    expect(march.totalRecords).toBe(2);
    const ignored = await answer('?startDate=2024-03-01&endDate=2024-03-31');
    expect(ignored.totalRecords).toBe(16);
  });

  it('reads an end date of 9999-12-31 as no end, and refuses days before 1970', async () => {
    // Its next day, in the year 10000, used to compare before every creation date: nobody.
    const open = await answer('?includeDateRange=true&startDate=2024-03-01&endDate=9999-12-31');
    const since = await answer('?includeDateRange=true&startDate=2024-03-01');
    expect(open.totalRecords).toBeGreaterThan(0);
    expect(open).toEqual(since);
    const all = await answer('?includeDateRange=true&startDate=1970-01-01&endDate=9999-12-31');
    expect(all.totalRecords).toBe(all.totalAll);
    const early = await listUsers('?includeDateRange=true&startDate=0001-01-01');
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'querystring/startDate must be a real calendar date (YYYY-MM-DD) from 1970 on',
    );
  });

  it('swaps a start date after the end date', async () => {
    const swapped = await answer('?includeDateRange=true&startDate=2023-06-30&endDate=2023-04-01');
    expect(swapped.list.map((r) => r.fullName)).toEqual([
      'Month06 Person',
      'Month05 Person',
      'Month04 Person',
    ]);
  });

  it('combines the filter with a one-sided range', async () => {
    const since = await answer('?includeDateRange=true&startDate=2023-11-01&filter=person');
    expect(since.list.map((r) => r.fullName)).toEqual(['Month12 Person', 'Month11 Person']);
    const until = await answer('?includeDateRange=true&endDate=2023-01-31');
    expect(until.list.map((r) => r.fullName)).toEqual(['Month01 Person']);
  });

  it.each([
    ['?limit=101', 'querystring/limit must be <= 100'],
    ['?page=0', 'querystring/page must be >= 1'],
    [`?filter=${'a'.repeat(101)}`, 'querystring/filter must NOT have more than 100 characters'],
    ['?includeDateRange=true&startDate=2024-13-01', 'querystring/startDate must match pattern'],
    ['?includeDateRange=true&endDate=01.02.2024', 'querystring/endDate must match pattern'],
    ['?includeDateRange=maybe', 'querystring/includeDateRange must be boolean'],
    ['?page=1e300', 'querystring/page must be <= 1000000'],
    ['?filter=a%00b', 'querystring/filter must not contain NUL characters'],
    [
      '?includeDateRange=true&startDate=2024-02-31',
      'querystring/startDate must be a real calendar date',
    ],
    [
      '?includeDateRange=true&endDate=2023-02-29',
      'querystring/endDate must be a real calendar date',
    ],
  ])('refuses %s with 400', async (query, message) => {
    const response = await listUsers(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('PATCH /admin-panel/users/:id/status', () => {
  const setStatus = async (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/connect-ui/admin-panel/users/${id}/status`,
      headers: adminHeaders,
      payload,
    });

  it('blocks and unblocks a user, who then gets 402 and then their dashboard back', async () => {
    const userHeaders = await ctx.bearer(asUser('usr_target'));
    await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/user-data', headers: userHeaders });
    const { id } = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_target')
      .executeTakeFirstOrThrow();

    const blocked = await setStatus(id, { status: 'block' });
    expect(blocked.json()).toEqual({ newStatus: 'block' });
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/connect-ui/user-settings',
      headers: userHeaders,
      payload: { showAssistantInPOS: true },
    });
    expect(refused.statusCode).toBe(402);
    const row = (await answer('?filter=usr_target')).list[0];
    expect(row?.block).toBe('block');

    expect((await setStatus(id, { status: 'unblock' })).json()).toEqual({ newStatus: 'unblock' });
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/check-ban',
      headers: userHeaders,
    });
    expect(check.json()).toEqual({ isBanned: false });
  });

  it('refuses to let an admin block their own account', async () => {
    const response = await setStatus(adminId, { status: 'block' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('You cannot block your own account');
  });

  it('answers 404 for an unknown user', async () => {
    const response = await setStatus('no-such-user', { status: 'block' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User not found');
  });

  it('refuses an id with a NUL character with 400', async () => {
    const response = await setStatus('a%00b', { status: 'block' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'params/id must not contain NUL characters',
      code: 'ERR_VALIDATION',
    });
  });

  it('refuses a status other than block or unblock', async () => {
    const response = await setStatus(adminId, { status: 'banned' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'body/status must be equal to one of the allowed values',
    );
  });
});

describe('PATCH /admin-panel/users/:id/subscription-type', () => {
  const setType = async (id: string, payload: object, headers = adminHeaders) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/connect-ui/admin-panel/users/${id}/subscription-type`,
      headers,
      payload,
    });

  it('sets the type shown in the list', async () => {
    const bob = (await answer('?filter=bob')).list[0];
    expect((await setType(bob?.id ?? '', { type: 'one' })).json()).toEqual({ type: 'one' });
    expect((await answer('?filter=bob')).list[0]?.type).toBe('one');
  });

  it('refuses an unknown type, an unknown user and a non-admin', async () => {
    expect((await setType(adminId, { type: 'gold' })).statusCode).toBe(400);
    expect((await setType('no-such-user', { type: 'self' })).statusCode).toBe(404);
    const nonAdmin = await ctx.bearer(asUser('usr_plain'));
    expect((await setType(adminId, { type: 'self' }, nonAdmin)).statusCode).toBe(403);
  });
});
