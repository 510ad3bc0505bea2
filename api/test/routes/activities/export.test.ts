import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { call } from '../../helpers/applications';
import { appendActivity, CHAIN_BATCH } from '../../../src/repositories/activities';
import { parse } from 'csv-parse/sync';
import { activityHash, GENESIS_HASH } from '../../../src/db/activity-chain';
import { verifyActivityExport } from '../../../scripts/verify-activity-export';
import { TEST_ACTIVITY_CHAIN_KEY } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const userIdOf = async (sub: string) => {
  // The first request creates the user.
  await call(ctx, 'GET', '/activities-list', undefined, sub);
  return (
    await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow()
  ).id;
};

const exportOf = (query: string, sub = 'usr_export') =>
  call(ctx, 'GET', `/activities/export?${query}`, undefined, sub);

describe('GET /activities/export', () => {
  let owner: string;
  beforeAll(async () => {
    owner = await userIdOf('usr_export');
    const add = (name: string, createdAt: string, link: string | null = null) =>
      appendActivity(ctx.database.db, owner, {
        name,
        feedType: 'orderProcessed',
        link,
        linkName: link ? 'Coffee, "the good one"' : null,
        createdAt,
      });
    await add('Before the period', '2026-02-28T23:59:59.999Z');
    await add('=HYPERLINK("http://evil.example","click")', '2026-03-01T00:00:00.000Z');
    await add('Order #1, paid', '2026-03-02T08:00:00.000Z', '/applications/a1');
    await add('+1 more', '2026-03-03T09:00:00.000Z');
    await add('@SUM(A1)', '2026-03-04T10:00:00.000Z');
    await add('-2 refunds\nand a line break', '2026-03-05T11:00:00.000Z');
    await add('Last day, late', '2026-03-31T23:59:59.999Z');
    await add('After the period', '2026-04-01T00:00:00.000Z');
    const other = await userIdOf('usr_export_other');
    await appendActivity(ctx.database.db, other, {
      name: 'Not yours',
      feedType: 'orderProcessed',
      createdAt: '2026-03-10T00:00:00.000Z',
    });
  });

  it('answers the period as CSV, oldest first, quoted and formula-safe', async () => {
    const response = await exportOf('from=2026-03-01&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="activity-2026-03-01-2026-03-31.csv"',
    );
    const rows = await ctx.database.db
      .selectFrom('activities')
      .select(['name', 'seq', 'hash', 'prev_hash'])
      .where('user_id', '=', owner)
      .orderBy('seq')
      .execute();
    const row = (name: string) => rows.find((r) => r.name === name)!;
    // The last three cells: the hash, the one before it and the owner.
    const hash = (name: string) => `${row(name).hash},${row(name).prev_hash},${owner}`;
    expect(response.body).toBe(
      [
        'createdAt,feedType,name,link,linkName,seq,hash,prevHash,owner',
        `2026-03-01T00:00:00.000Z,orderProcessed,"'=HYPERLINK(""http://evil.example"",""click"")",,,2,${hash('=HYPERLINK("http://evil.example","click")')}`,
        `2026-03-02T08:00:00.000Z,orderProcessed,"Order #1, paid",/applications/a1,"Coffee, ""the good one""",3,${hash('Order #1, paid')}`,
        `2026-03-03T09:00:00.000Z,orderProcessed,'+1 more,,,4,${hash('+1 more')}`,
        `2026-03-04T10:00:00.000Z,orderProcessed,'@SUM(A1),,,5,${hash('@SUM(A1)')}`,
        `2026-03-05T11:00:00.000Z,orderProcessed,"'-2 refunds\nand a line break",,,6,${hash('-2 refunds\nand a line break')}`,
        `2026-03-31T23:59:59.999Z,orderProcessed,"Last day, late",,,7,${hash('Last day, late')}`,
        '',
      ].join('\r\n'),
    );
    expect(response.body).not.toContain('Not yours');
  });

  it('carries every field the hash covers: a verifier outside the app recomputes the chain', async () => {
    const owner2 = await userIdOf('usr_export_verifiable');
    for (const [i, link] of [null, '/applications/a9', null].entries()) {
      await appendActivity(ctx.database.db, owner2, {
        name: `Order ${i + 1} was processed`,
        feedType: 'orderProcessed',
        link,
        linkName: link ? 'Coffee' : null,
        createdAt: `2026-03-0${i + 1}T10:00:00.000Z`,
      });
    }
    const response = await exportOf('from=2026-03-01&to=2026-03-31', 'usr_export_verifiable');
    const [header, ...lines] = response.body.split('\r\n').slice(0, -1);
    const columns = header!.split(',');
    let prevHash = GENESIS_HASH;
    for (const line of lines) {
      // These entries need no quoting: a plain split reads them.
      const cell = Object.fromEntries(line.split(',').map((value, i) => [columns[i], value]));
      expect(cell.prevHash).toBe(prevHash);
      expect(cell.owner).toBe(owner2);
      expect(
        activityHash({
          owner: cell.owner!,
          seq: Number(cell.seq),
          prevHash: cell.prevHash!,
          name: cell.name!,
          feedType: cell.feedType!,
          // An empty cell is a null link.
          link: cell.link || null,
          linkName: cell.linkName || null,
          createdAt: cell.createdAt!,
        }),
      ).toBe(cell.hash);
      prevHash = cell.hash!;
    }
    expect(lines).toHaveLength(3);
  });

  it('reads the days in the time zone given', async () => {
    // Berlin's 1 March starts at 23:00 UTC the day before; its 31 March ends at 22:00 UTC.
    const response = await exportOf('from=2026-03-01&to=2026-03-31&tz=Europe/Berlin');
    expect(response.statusCode).toBe(200);
    const names = response.body.split('\r\n').slice(1, -1);
    expect(names[0]).toContain('Before the period');
    expect(response.body).not.toContain('Last day, late');
  });

  it('answers only the header for a period without entries, and nothing of others', async () => {
    const response = await exportOf('from=2026-03-01&to=2026-03-31', 'usr_export_empty');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('createdAt,feedType,name,link,linkName,seq,hash,prevHash,owner\r\n');
  });

  it.each([
    ['from=2026-03-31&to=2026-03-01', 'from must not be after to'],
    ['from=2025-01-01&to=2026-01-02', 'The period must not exceed 366 days'],
    ['from=2026-02-30&to=2026-03-01', 'from must be a real calendar date (YYYY-MM-DD)'],
    ['from=2026-03-01&to=2026-03-02&tz=Mars/Olympus', 'tz must be an IANA time zone name'],
    ['from=2026-3-1&to=2026-03-02', 'querystring/from must match pattern'],
    ['to=2026-03-02', "querystring must have required property 'from'"],
  ])('refuses %s with 400', async (query, message) => {
    const response = await exportOf(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers the edges of the dates it accepts, and refuses days before 1970', async () => {
    const owner = await userIdOf('usr_export_edges');
    await appendActivity(ctx.database.db, owner, {
      name: 'On the last day',
      feedType: 'orderProcessed',
      createdAt: '9999-12-31T23:59:59.999Z',
    });
    // The day after 9999-12-31 is in the year 10000: the export used to answer 500 for it.
    for (const tz of ['UTC', 'America/New_York', 'Pacific/Kiritimati']) {
      const last = await exportOf(`from=9999-01-01&to=9999-12-31&tz=${tz}`, 'usr_export_edges');
      expect(last.statusCode).toBe(200);
      expect(last.body.includes('On the last day')).toBe(tz !== 'Pacific/Kiritimati');
    }
    expect((await exportOf('from=2024-02-29&to=2024-02-29')).statusCode).toBe(200);
    expect((await exportOf('from=1970-01-01&to=1970-01-01&tz=Pacific/Kiritimati')).statusCode).toBe(
      200,
    );
    // dayjs read 0001-01-01 as 1901: refused rather than answered for the wrong days.
    const first = await exportOf('from=0001-01-01&to=0001-01-02');
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(
      'from must be a real calendar date (YYYY-MM-DD) from 1970 on',
    );
    const huge = await exportOf('from=1970-01-01&to=9999-12-31');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The period must not exceed 366 days');
  });

  it('takes a leap year of 366 days', async () => {
    expect((await exportOf('from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('is for managers only', async () => {
    const cashier = await userIdOf('usr_export_cashier');
    await ctx.database.db
      .updateTable('users')
      .set({ user_role: 'other' })
      .where('id', '=', cashier)
      .execute();
    const response = await exportOf('from=2026-03-01&to=2026-03-31', 'usr_export_cashier');
    expect(response.statusCode).toBe(403);
  });
});

describe("the README's recipe, outside the app", () => {
  // Every start a spreadsheet runs, their full-width forms, and the mark itself when stored.
  const names = [
    '=1+1',
    "'=1+1",
    "''=1+1",
    '+1 more',
    '-2 refunds',
    '@SUM(A1)',
    '\tTabbed',
    '\rCarriage',
    '\uff1d1+1',
    '\uff0b1',
    '\uff0d1',
    '\uff20SUM(A1)',
    "'quoted plainly",
    "'",
    'Order #1, "paid"\r\nand a new line',
    'Plain',
  ];

  it('verifies every row, whatever its text starts with, and nothing else', async () => {
    const owner = await userIdOf('usr_export_recipe');
    for (const [i, name] of names.entries()) {
      await appendActivity(ctx.database.db, owner, {
        name,
        feedType: 'orderProcessed',
        // Links and their names are cells too.
        link: i % 4 === 0 ? `=cmd|' /C calc'!A${i}` : i % 4 === 1 ? '/applications/a1' : null,
        linkName: i % 4 === 0 ? "'Coffee" : i % 4 === 1 ? '\uff0dCoffee' : null,
        createdAt: new Date(Date.parse('2026-03-01T08:00:00.000Z') + i * 60_000).toISOString(),
      });
    }
    const response = await exportOf('from=2026-03-01&to=2026-03-01', 'usr_export_recipe');
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(TEST_ACTIVITY_CHAIN_KEY, 'base64');
    expect(verifyActivityExport(response.body, key)).toEqual({
      rows: names.length,
      ok: true,
      firstBroken: null,
    });
    // A stored '=1+1 and a stored =1+1 are told apart; no cell a spreadsheet would run.
    const cells = parse(response.body, { columns: true }) as Array<Record<string, string>>;
    expect(cells.map((row) => row.name)).toEqual(
      names.map((name) => (/^['=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/.test(name) ? `'${name}` : name)),
    );
    for (const row of cells) {
      for (const value of Object.values(row))
        expect(value).not.toMatch(/^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/);
    }
    // Without the key, or with a row changed, it does not verify.
    expect(verifyActivityExport(response.body, Buffer.alloc(32)).ok).toBe(false);
    // The export of the stored '=1+1 (row 2), changed to read as a stored =1+2.
    const changed = response.body.replace("''=1+1", "'=1+2");
    expect(verifyActivityExport(changed, key)).toMatchObject({
      ok: false,
      firstBroken: { row: 2, seq: '2', reason: 'hash does not match the row' },
    });
  });
});

describe('a long feed', () => {
  it('verifies and exports more entries than one batch, in order, ties by id', async () => {
    const owner = await userIdOf('usr_export_long');
    const total = CHAIN_BATCH * 2 + 345;
    const start = Date.parse('2026-05-01T00:00:00.000Z');
    await ctx.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < total; i += 1) {
        await appendActivity(trx, owner, {
          name: `Entry ${i + 1}`,
          feedType: 'stationOpened',
          // Three entries share each instant: the id breaks the tie.
          createdAt: new Date(start + Math.floor(i / 3) * 1000).toISOString(),
        });
      }
    });
    const verify = await call(ctx, 'GET', '/activities/verify', undefined, 'usr_export_long');
    expect(verify.json()).toEqual({
      ok: true,
      checked: total,
      read: total,
      fromSeq: 0,
      firstBroken: null,
    });
    const response = await exportOf('from=2026-05-01&to=2026-05-02', 'usr_export_long');
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(total);
    expect(lines.map((line) => Number(line.split(',')[5]))).toEqual(
      Array.from({ length: total }, (_, i) => i + 1),
    );
  }, 60_000);
});
