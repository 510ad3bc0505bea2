import { DEFAULT_STATION_SLUG } from '@pos/shared/rules';
import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids';
import { PLAN_IDS } from '../db/plans';
import type { Database } from '../db/types';
import type { FeedType } from '../repositories/activities';
import { appendActivity } from '../repositories/activities';
import { MembersRepository } from '../repositories/members';
import { completeTask } from '../repositories/user-tasks';
import { searchTextOf } from '../repositories/users';
import type { DemoStore } from '../config';
import { sealContext } from '../domain/applications/credentials';
import { nextFreeSlug } from '../repositories/application-slugs';
import type { SecretBox } from '../services/secret-box';
import { parseStoreUrl } from '../services/store-url';
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

/** The demo application's name and slug. */
export const DEMO_APPLICATION = { name: 'Demo Coffee Roasters', slug: 'demo-coffee-roasters' };

/**
 * The demo manager's first feed entries, in the words the product writes them (the feed
 * builders of the domain), about the demo application and its default station. Orders are
 * not among them: orderProcessed entries come only from the store's webhooks.
 */
const MANAGER_ACTIVITIES: {
  name: string;
  feedType: FeedType;
  link?: string;
  linkName?: string;
  daysAgo: number;
}[] = [
  { name: 'Welcome to your POS dashboard', feedType: 'applicationAdded', daysAgo: 6 },
  {
    name: `Application ${DEMO_APPLICATION.name} was added`,
    feedType: 'applicationAdded',
    link: '/applications',
    linkName: 'Applications',
    daysAgo: 5,
  },
  {
    name: `${DEMO_APPLICATION.name} was authorized`,
    feedType: 'applicationAuthorized',
    daysAgo: 4,
  },
  {
    name: `Maya Manager opened Front Counter (${DEMO_APPLICATION.name})`,
    feedType: 'stationOpened',
    link: '/stations',
    linkName: 'Stations',
    daysAgo: 2,
  },
];

/** The demo store's owner (store user 1), as its POS plugin describes them. */
const DEMO_STORE_OWNER = {
  id: 1,
  username: 'storeadmin',
  email: 'owner@coffee.demo.test',
  name: 'Sam Owner',
  roles: ['administrator'],
};

/** What the demo application needs besides the database. */
export interface DemoSeedOptions {
  /** The store and its pre-approved key; without it no application is seeded. */
  demoStore?: DemoStore | null;
  /** Seals the key like real ones. */
  secrets?: SecretBox;
}

/** The Assistant tasks the seeded demo application proves. */
const DEMO_APPLICATION_TASKS = [
  'create-application',
  'authorize-application',
  'set-default-station',
  'pin-station',
  'open-station',
] as const;

/**
 * The demo application shared with the demo cashier, as if the manager had invited them (a
 * store listing an email shares nothing by itself): they find it under 'Shared with me'.
 */
async function shareWithDemoCashier(db: Kysely<Database>, applicationId: string): Promise<void> {
  const cashier = DEMO_ACCOUNTS.find((account) => account.sub === 'usr_demo_cashier')!;
  await new MembersRepository(db).share(applicationId, cashier.email, 'demo');
}

/**
 * The manager's verified 'Demo Coffee Roasters' application on the demo store, created once:
 * station 1 default ('pos'), station 2 at 'espresso-bar', station 1 pinned to quick launch,
 * shared with the demo cashier. An existing application of the manager for that site is left
 * as it is, but shared with the cashier when it was not.
 */
async function seedDemoApplication(
  db: Kysely<Database>,
  store: DemoStore,
  secrets: SecretBox,
): Promise<void> {
  const url = parseStoreUrl(store.url, true);
  await db.transaction().execute(async (trx) => {
    const manager = await trx
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_demo_manager')
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('applications')
      .select('id')
      .where('user_id', '=', manager.id)
      .where('home_url_key', '=', url.key)
      .executeTakeFirst();
    if (existing) {
      await shareWithDemoCashier(trx, existing.id);
      return;
    }
    const taken = await trx
      .selectFrom('applications')
      .select('slug')
      .where((eb) =>
        eb.or([
          eb('slug', '=', DEMO_APPLICATION.slug),
          eb('slug', 'like', `${DEMO_APPLICATION.slug}-%`),
        ]),
      )
      .execute();
    const id = newId();
    const now = nowIso();
    await trx
      .insertInto('applications')
      .values({
        id,
        user_id: manager.id,
        name: DEMO_APPLICATION.name,
        home_url: url.href,
        home_url_key: url.key,
        slug: nextFreeSlug(DEMO_APPLICATION.slug, new Set(taken.map((t) => t.slug))),
        auth_type: 'keys',
        is_verified_auth: 1,
        key_id: null,
        consumer_key_enc: secrets.seal(store.consumerKey, sealContext(id, 'consumer_key')),
        consumer_secret_enc: secrets.seal(store.consumerSecret, sealContext(id, 'consumer_secret')),
        wp_user: JSON.stringify(DEMO_STORE_OWNER),
        auth_token_hash: null,
        auth_token_expires_at: null,
        auth_return_path: null,
        created_at: now,
        updated_at: now,
        members_synced_at: null,
        members_sync_attempted_at: null,
      })
      .execute();
    await shareWithDemoCashier(trx, id);
    await trx
      .insertInto('station_slugs')
      .values([
        { application_id: id, pos_id: '1', slug: DEFAULT_STATION_SLUG, updated_at: now },
        { application_id: id, pos_id: '2', slug: 'espresso-bar', updated_at: now },
      ])
      .execute();
    const settings = await trx
      .selectFrom('user_settings')
      .select('quick_launch_pos_ids')
      .where('user_id', '=', manager.id)
      .executeTakeFirstOrThrow();
    let pinned: Record<string, boolean> = {};
    try {
      pinned = JSON.parse(settings.quick_launch_pos_ids) as Record<string, boolean>;
    } catch {
      pinned = {};
    }
    await trx
      .updateTable('user_settings')
      .set({ quick_launch_pos_ids: JSON.stringify({ ...pinned, [`${id}/1`]: true }) })
      .where('user_id', '=', manager.id)
      .execute();
    // What the demo application proves of the Assistant's tasks (the feed tells that a
    // station was opened); its first POS order comes with the store's backfill.
    for (const task of DEMO_APPLICATION_TASKS) {
      await completeTask(trx, manager.id, {
        task,
        applicationId: id,
        by: 'event',
        eventKind: 'demoSeed',
      });
    }
  });
}

/**
 * Seeds the demo: the three demo accounts (cashier with role 'other' on the Cashier plan, the
 * others managers on Trial, the admin with is_admin), 45 generated users (`usr_seed_NNN`) and
 * a few feed entries for the manager, and with `options.demoStore` the manager's demo
 * application. Idempotent: existing rows are left as they are, except that the demo accounts'
 * role and admin flag are put back.
 */
export async function seedDemo(db: Kysely<Database>, options: DemoSeedOptions = {}): Promise<void> {
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
      // The plan proves the Assistant's first task (for the managers).
      await completeTask(trx, user.id, {
        task: 'choose-plan',
        by: 'event',
        eventKind: 'planStored',
      });
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
      // Oldest first, through the one append, so the demo feed is a valid chain.
      const entries = [...MANAGER_ACTIVITIES].sort((a, b) => b.daysAgo - a.daysAgo);
      for (const entry of entries) {
        await appendActivity(trx, manager.id, {
          name: entry.name,
          feedType: entry.feedType,
          link: entry.link ?? null,
          linkName: entry.linkName ?? null,
          createdAt: new Date(now - entry.daysAgo * 86_400_000).toISOString(),
        });
      }
    }
  });
  if (options.demoStore) {
    if (!options.secrets) throw new Error('seeding the demo application needs the secret box');
    await seedDemoApplication(db, options.demoStore, options.secrets);
  }
  await seedBulkUsers(db, DEMO_SEEDED_USERS, { prefix: 'seed' });
}
