import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './app';
import { asUser } from './app';
import type { ControlKey, TestSandbox } from './sandbox';

/** Base path of the api. */
export const BASE = '/api/connect-ui';

/** Calls the api as `sub` (a manager unless the test changes the role). */
export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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

/**
 * An application of `sub` connected to `store` with a fresh Read/Write key of store user 1;
 * with `shareWith`, shared with those emails as its owner does from the dashboard
 * ({@link shareApplication}).
 */
export async function connectApplication(
  ctx: TestContext,
  sandbox: TestSandbox,
  store: string,
  sub: string,
  name = 'Coffee',
  { shareWith = [] }: { shareWith?: string[] } = {},
): Promise<{ id: string; key: ControlKey }> {
  const id = await createApplication(ctx, store, name, sub);
  const key = await sandbox.mintKey(store);
  const response = await call(
    ctx,
    'PUT',
    `/applications/${id}`,
    { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
    sub,
  );
  if (!response.json().data.isVerifiedAuth) throw new Error(response.body);
  await shareApplication(ctx, id, ...shareWith);
  return { id, key };
}

/** Makes `sub` known to the api (first request), then changes its row (role, ban). */
export async function changeUser(
  ctx: TestContext,
  sub: string,
  change: { user_role?: 'other' | 'manager'; block?: 'block' | 'unblock' },
  extra: Record<string, unknown> = {},
): Promise<void> {
  await ctx.app.inject({
    method: 'GET',
    url: `${BASE}/user-data`,
    headers: await ctx.bearer(asUser(sub, extra)),
  });
  await ctx.database.db.updateTable('users').set(change).where('sub', '=', sub).execute();
}

/**
 * Shares application `id` with `emails` as its owner does from the dashboard (an invitation
 * sent): a store that merely lists an email shares nothing (issue 25).
 */
export async function shareApplication(
  ctx: TestContext,
  id: string,
  ...emails: string[]
): Promise<void> {
  for (const email of emails) await ctx.app.repos.members.share(id, email, 'invitation');
}
