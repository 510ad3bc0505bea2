import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db';
import { openDatabase } from '../src/db';
import { pendingMigrations } from '../src/db/migrations';
import { ActivitiesRepository } from '../src/repositories/activities';
import { verifyActivityExport } from '../scripts/verify-activity-export';
import type { TestContext } from './helpers/app';
import { TEST_ACTIVITY_CHAIN_KEY, asUser, createTestContext } from './helpers/app';
import { acceptDeliveries } from './helpers/live';
import { insertApplication, userIdOf } from './helpers/orders';

// The documented PostgreSQL backup and restore (README "Production", scripts/backup.mjs): a
// backup of a database with applications, orders and a feed, restored into a fresh database,
// gives the same rows, and the owner's activity chain still verifies there, inside the app and
// as an export checked outside it. PostgreSQL only: a SQLite database is one file to copy.
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const script = path.resolve(__dirname, '../../scripts/backup.mjs');

/** Runs scripts/backup.mjs as an operator would. */
function backupScript(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

onPostgres('backup and restore (pg_dump, pg_restore)', () => {
  let ctx: TestContext;
  let dir: string;
  let restoredName: string;
  let restoredUrl: string;
  let restored: DatabaseHandle | null = null;
  let restoredApp: FastifyInstance | null = null;
  const admin = () => new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });

  beforeAll(async () => {
    ctx = await createTestContext();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-backup-'));
    restoredName = `restored_${crypto.randomBytes(6).toString('hex')}`;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${restoredName}`;
    restoredUrl = url.toString();
  }, 60_000);
  afterAll(async () => {
    await restoredApp?.close();
    await restored?.close();
    const pool = admin();
    await pool.query(`drop database if exists "${restoredName}"`);
    await pool.end();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  }, 60_000);

  it('restores the applications, orders and feed into a fresh database, the chain verifying', async () => {
    const owner = await userIdOf(ctx, 'usr_backup');
    const application = await insertApplication(ctx, owner, 'Backup Coffee');
    const deliver = await acceptDeliveries(ctx, application);
    for (const order of [101, 102, 103]) {
      const delivery = deliver(order);
      const answer = await ctx.posHost.inject({
        method: 'POST',
        url: delivery.url,
        headers: delivery.headers,
        payload: delivery.body,
      });
      expect(answer.statusCode).toBe(200);
    }
    const rowsOf = async (db: DatabaseHandle) => ({
      applications: await db.db
        .selectFrom('applications')
        .selectAll()
        .where('user_id', '=', owner)
        .execute(),
      orders: await db.db
        .selectFrom('orders')
        .selectAll()
        .where('application_id', '=', application)
        .orderBy('store_order_id')
        .execute(),
      activities: await db.db
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', owner)
        .orderBy('seq')
        .execute(),
    });
    const before = await rowsOf(ctx.database);
    expect(before.orders).toHaveLength(3);
    expect(before.activities.length).toBeGreaterThanOrEqual(3);

    const file = path.join(dir, 'pos.dump');
    const backedUp = backupScript(['backup', file], {
      DATABASE_URL: process.env.DATABASE_URL!,
      DATABASE_SCHEMA: ctx.config.databaseSchema!,
    });
    expect(backedUp.stderr).toBe('');
    expect(backedUp.status).toBe(0);

    const pool = admin();
    await pool.query(`create database "${restoredName}"`);
    await pool.end();
    const restoredRun = backupScript(['restore', file], { DATABASE_URL: restoredUrl });
    expect(restoredRun.stderr).toBe('');
    expect(restoredRun.status).toBe(0);

    restored = openDatabase({
      databaseUrl: restoredUrl,
      databaseSchema: ctx.config.databaseSchema,
      sqlitePath: '',
    });
    expect(await rowsOf(restored)).toEqual(before);
    expect(
      await pendingMigrations(restored.db, restored.dialect, ctx.config.databaseSchema),
    ).toEqual([]);
    const verified = await new ActivitiesRepository(restored.db).verify(owner, { full: true });
    expect(verified).toMatchObject({ ok: true, checked: before.activities.length });

    // The restored database serves the same export, which verifies outside the app.
    restoredApp = await buildApp(ctx.config, {
      database: restored,
      verifier: ctx.app.verifyProviderToken,
    });
    // The feed's entries were written today (the export takes a period of days, to included).
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const query = `from=${day(-1)}&to=${day(1)}`;
    const exportFrom = async (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: `/api/connect-ui/activities/export?${query}`,
        headers: await ctx.bearer(asUser('usr_backup')),
      });
    const [original, copy] = [await exportFrom(ctx.app), await exportFrom(restoredApp)];
    expect(copy.statusCode).toBe(200);
    expect(copy.body).toBe(original.body);
    expect(
      verifyActivityExport(copy.body, Buffer.from(TEST_ACTIVITY_CHAIN_KEY, 'base64')),
    ).toMatchObject({ ok: true, rows: before.activities.length });
  }, 60_000);

  it('refuses to restore over a database that has the api’s tables', () => {
    const again = backupScript(['restore', path.join(dir, 'pos.dump')], {
      DATABASE_URL: restoredUrl,
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('restore into a fresh one');
  });
});
