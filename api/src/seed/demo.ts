import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids';
import { PLAN_IDS } from '../db/plans';
import type { Database } from '../db/types';
import type { FeedType } from '../repositories/activities';
import { searchTextOf } from '../repositories/users';
import { seedBulkUsers } from './bulk';

/** The demo accounts of the sandbox login provider (same subs, names and emails). */
export const DEMO_ACCOUNTS = [
  {
    sub: 'usr_demo_manager',
    email: 'manager@demo.test',
    name: 'Maya Manager',
    isAdmin: false,
    role: 'manager',
  },
  {
    sub: 'usr_demo_cashier',
    email: 'cashier@demo.test',
    name: 'Cash Ier',
    isAdmin: false,
    role: 'other',
  },
  {
    sub: 'usr_demo_admin',
    email: 'admin@demo.test',
    name: 'Ada Admin',
    isAdmin: true,
    role: 'manager',
  },
] as const;

/** How many generated users the demo has besides the demo accounts. */
export const DEMO_SEEDED_USERS = 45;

const MANAGER_ACTIVITIES: {
  name: string;
  feedType: FeedType;
  link?: string;
  linkName?: string;
  daysAgo: number;
}[] = [
  { name: 'Welcome to your POS dashboard', feedType: 'applicationAdded', daysAgo: 6 },
  {
    name: 'Application Demo Store was added',
    feedType: 'applicationAdded',
    link: '/applications',
    linkName: 'Applications',
    daysAgo: 5,
  },
  { name: 'Application Demo Store was authorized', feedType: 'applicationAuthorized', daysAgo: 4 },
  {
    name: 'Station Front Desk was opened',
    feedType: 'stationOpened',
    link: '/stations',
    linkName: 'Stations',
    daysAgo: 2,
  },
  { name: 'Order #1001 was processed', feedType: 'orderProcessed', daysAgo: 1 },
];

/**
 * Seeds the demo: the three demo accounts (cashier with role 'other' on the Cashier plan, the
 * others managers on Trial, the admin with is_admin), 45 generated users (`usr_seed_NNN`) and
 * a few feed entries for the manager. Idempotent: existing rows are left as they are, except
 * that the demo accounts' role and admin flag are put back.
 */
export async function seedDemo(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      const now = nowIso();
      await trx
        .insertInto('users')
        .values({
          id: newId(),
          sub: account.sub,
          email: account.email,
          full_name: account.name,
          is_admin: account.isAdmin ? 1 : 0,
          is_verified: 1,
          user_role: account.role,
          block: 'unblock',
          subscription_type: 'cloud',
          created_at: now,
          last_access_at: null,
          search_text: searchTextOf(account.name, account.email),
        })
        .onConflict((oc) => oc.column('sub').doNothing())
        .execute();
      const user = await trx
        .selectFrom('users')
        .select('id')
        .where('sub', '=', account.sub)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ user_role: account.role, is_admin: account.isAdmin ? 1 : 0 })
        .where('id', '=', user.id)
        .execute();
      await trx
        .insertInto('user_settings')
        .values({
          user_id: user.id,
          quick_launch_pos_ids: '{}',
          show_assistant_in_pos: 1,
          first_task_completed: 0,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          plan_id: account.role === 'manager' ? PLAN_IDS.trial : PLAN_IDS.cashier,
          cancel_date: null,
          past_due_invoices: '[]',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }

    const manager = await trx
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_demo_manager')
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', manager.id)
      .executeTakeFirstOrThrow();
    if (Number(existing.n) === 0) {
      const now = Date.now();
      await trx
        .insertInto('activities')
        .values(
          MANAGER_ACTIVITIES.map((entry) => {
            const at = now - entry.daysAgo * 86_400_000;
            return {
              id: newId(),
              user_id: manager.id,
              name: entry.name,
              feed_type: entry.feedType,
              link: entry.link ?? null,
              link_name: entry.linkName ?? null,
              created_at: new Date(at).toISOString(),
            };
          }),
        )
        .execute();
    }
  });
  await seedBulkUsers(db, DEMO_SEEDED_USERS, { prefix: 'seed' });
}
