import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = async (payload: object, sub = 'usr_feed') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/connect-ui/activities',
    headers: await ctx.bearer(asUser(sub)),
    payload,
  });
const list = async (query: string, sub = 'usr_feed') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/connect-ui/activities-list${query}`,
    headers: await ctx.bearer(asUser(sub)),
  });

describe('activities', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 30; i += 1) {
      const response = await post({
        name: `  Order #${i} was processed  `,
        feedType: 'orderProcessed',
      });
      expect(response.statusCode).toBe(201);
    }
    await post({ name: 'Someone else', feedType: 'stationOpened' }, 'usr_other');
  });

  it('returns 201 with the new id', async () => {
    const response = await post(
      { name: 'Station opened', feedType: 'stationOpened' },
      'usr_single',
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const page = await list('', 'usr_single');
    expect(page.json().data[0]).toMatchObject({
      id,
      name: 'Station opened',
      feedType: 'stationOpened',
      link: null,
      linkName: null,
    });
    expect(page.json().data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('pages 25 at a time by default, newest first, with the total', async () => {
    const first = (await list('')).json() as {
      data: { name: string; owner: string }[];
      totalAll: number;
    };
    expect(first.totalAll).toBe(30);
    expect(first.data).toHaveLength(25);
    expect(first.data[0]?.name).toBe('Order #30 was processed');
    expect(first.data[24]?.name).toBe('Order #6 was processed');
    const second = (await list('?page=2')).json() as { data: { name: string }[] };
    expect(second.data.map((a) => a.name)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `Order #${i} was processed`),
    );
  });

  it('honours limit and shows only the caller’s own entries', async () => {
    const page = (await list('?page=3&limit=5')).json() as {
      data: { name: string; owner: string }[];
      totalAll: number;
    };
    expect(page.data.map((a) => a.name)).toEqual(
      [20, 19, 18, 17, 16].map((i) => `Order #${i} was processed`),
    );
    const owners = new Set(page.data.map((a) => a.owner));
    expect(owners.size).toBe(1);
    const other = (await list('', 'usr_other')).json() as {
      data: { name: string }[];
      totalAll: number;
    };
    expect(other.totalAll).toBe(1);
    expect(other.data[0]?.name).toBe('Someone else');
  });

  it.each([
    ['?page=0', 'querystring/page must be >= 1'],
    ['?limit=0', 'querystring/limit must be >= 1'],
    ['?limit=101', 'querystring/limit must be <= 100'],
    ['?page=abc', 'querystring/page must be integer'],
    ['?sort=name', "querystring must NOT have additional property 'sort'"],
    // Past the database's integer range: without a bound this was a 500.
    ['?page=1e300', 'querystring/page must be <= 1000000'],
  ])('refuses the query %s with 400', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'ERR_VALIDATION' });
  });

  it.each([
    [{ feedType: 'orderProcessed' }, "body must have required property 'name'"],
    [{ name: '', feedType: 'orderProcessed' }, 'body/name must NOT have fewer than 1 characters'],
    [{ name: '   ', feedType: 'orderProcessed' }, 'body/name must match pattern'],
    [
      { name: 'x'.repeat(501), feedType: 'orderProcessed' },
      'body/name must NOT have more than 500 characters',
    ],
    [
      { name: 'x', feedType: 'somethingElse' },
      'body/feedType must be equal to one of the allowed values',
    ],
    [
      { name: 'x', feedType: 'orderProcessed', owner: 'me' },
      "body must NOT have additional property 'owner'",
    ],
    // PostgreSQL cannot store NUL in text: this was a 500 there.
    [{ name: 'a\u0000b', feedType: 'orderProcessed' }, 'body/name must not contain NUL characters'],
  ])('refuses the entry %j with 400', async (payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
