import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app';
import { asUser } from './app';

/** Base path of the api. */
export const BASE = '/api/connect-ui';

/** Calls the api as `sub` (a manager unless the test changes the role). */
export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  sub = 'usr_manager',
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: await ctx.bearer(asUser(sub)),
    ...(payload ? { payload } : {}),
  });
}

/** Creates an application and returns its id. */
export async function createApplication(
  ctx: TestContext,
  homeUrl: string,
  name = 'Coffee',
  sub = 'usr_manager',
): Promise<string> {
  const response = await call(ctx, 'POST', '/applications', { name, homeUrl }, sub);
  if (response.statusCode !== 201) throw new Error(`create answered ${response.body}`);
  return (response.json() as { data: { id: string } }).data.id;
}

/** The stored row of an application. */
export function rowOf(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Feed entries of a user, newest first. */
export async function feedOf(ctx: TestContext, sub = 'usr_manager') {
  const response = await call(ctx, 'GET', '/activities-list', undefined, sub);
  return (response.json() as { data: Array<{ name: string; feedType: string; link: string }> })
    .data;
}
