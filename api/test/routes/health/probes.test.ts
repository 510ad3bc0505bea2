import { sql } from 'kysely';
import { buildApp } from '../../../src/app';
import { migrationsFor } from '../../../src/db/migrations';
import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { databaseAt } from '../../helpers/migrations';

/** The migrations' names in order: the last one, and the one before it. */
const names = Object.keys(migrationsFor('sqlite')).sort();
const latest = names[names.length - 1]!;
const beforeLatest = names[names.length - 2]!;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /health/live', () => {
  it('answers live without a token, beside the api prefix', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'live' });
  });
});

describe('GET /health/ready', () => {
  it('answers ready when the database answers and has every migration', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the migrations a database lacks', async () => {
    const old = await databaseAt(beforeLatest);
    const app = await buildApp(
      { ...ctx.config, databaseSchema: old.schema },
      { database: old.database, verifier: async () => ({}) as never },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not ready',
        reason: 'migrations pending',
        detail: latest,
      });
    } finally {
      await app.close();
      await old.drop();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const old = await databaseAt(latest);
    const app = await buildApp(
      { ...ctx.config, databaseSchema: old.schema },
      { database: old.database, verifier: async () => ({}) as never },
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      // The live hub holds no connection of the pool: closing it leaves nothing to answer.
      await old.database.close();
      const response = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not ready',
        reason: 'database unreachable',
      });
    } finally {
      await app.close();
      await old.drop().catch(() => undefined);
    }
  });

  it('are not part of the OpenAPI document of /api/connect-ui', async () => {
    const doc = (
      await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/openapi.json' })
    ).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/connect-ui'))).toEqual(
      [],
    );
  });
});

describe('GET /metrics', () => {
  it('answers the Prometheus series of requests, webhooks, orders, streams, outbox and pool', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/health' });
    await sql`select 1`.execute(ctx.database.db);
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /^pos_http_requests_total\{listener="api",method="GET",route="\/api\/connect-ui\/health",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^pos_http_request_duration_seconds_bucket\{le="0\.005",listener="api",method="GET",route="\/api\/connect-ui\/health",status="200"\} \d+$/m,
    );
    for (const series of [
      '# TYPE pos_webhook_deliveries_total counter',
      '# TYPE pos_orders_ingested_total counter',
      'pos_live_stream_connections 0',
      'pos_outbox_backlog 0',
      'pos_db_pool_connections{state="max"}',
      '# TYPE process_cpu_seconds_total counter',
    ]) {
      expect(text).toContain(series);
    }
  });
});
