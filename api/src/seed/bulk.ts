import type { Insertable, Kysely } from 'kysely';
import { newId } from '../db/ids';
import { PLAN_IDS } from '../db/plans';
import type { Database, SubscriptionsTable, UsersTable } from '../db/types';
import { searchTextOf } from '../repositories/users';
import { FIRST_NAMES, LAST_NAMES } from './names';

const TYPES = ['cloud', 'self', 'one'] as const;
const MANAGER_PLANS = [
  PLAN_IDS.trial,
  PLAN_IDS.basics,
  PLAN_IDS.plus,
  PLAN_IDS.pro,
  PLAN_IDS.cloudPos,
];
const BATCH = 500;
const FIRST_DAY = Date.UTC(2020, 0, 1);

/** Options of {@link seedBulkUsers}. */
export interface BulkSeedOptions {
  /** Prefix of the generated subs and emails (default `bulk`). */
  prefix?: string;
  /** Latest creation time (default: the start of the current month). */
  until?: Date;
}

/** A small deterministic generator, so that two runs seed the same users. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One generated user and their subscription. */
export function bulkUser(
  index: number,
  prefix: string,
  createdAt: Date,
): { user: Insertable<UsersTable>; subscription: Insertable<SubscriptionsTable> } {
  const first = FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Anna';
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Adams';
  const number = String(index).padStart(3, '0');
  const fullName = `${first} ${last}`;
  const email = `${prefix}${number}@demo.test`;
  const manager = index % 7 !== 3;
  const created = createdAt.toISOString();
  const id = newId();
  return {
    user: {
      id,
      sub: `usr_${prefix}_${number}`,
      email,
      full_name: fullName,
      is_admin: 0,
      is_verified: index % 5 === 0 ? 0 : 1,
      user_role: manager ? 'manager' : 'other',
      block: index % 11 === 5 ? 'block' : 'unblock',
      subscription_type: TYPES[index % TYPES.length] ?? 'cloud',
      created_at: created,
      last_access_at: null,
      search_text: searchTextOf(fullName, email),
    },
    subscription: {
      user_id: id,
      plan_id: manager
        ? (MANAGER_PLANS[index % MANAGER_PLANS.length] ?? PLAN_IDS.trial)
        : PLAN_IDS.cashier,
      cancel_date: null,
      past_due_invoices: '[]',
      created_at: created,
      updated_at: created,
    },
  };
}

/**
 * Inserts `count` generated users (subs `usr_{prefix}_NNN`, emails `{prefix}NNN@demo.test`,
 * Latin names, creation times spread from 2020-01 to `until`, varied types, plans and
 * a few blocked) in batches inside one transaction. Users that already exist are skipped, so
 * running it twice changes nothing. Returns how many users were asked for.
 */
export async function seedBulkUsers(
  db: Kysely<Database>,
  count: number,
  options: BulkSeedOptions = {},
): Promise<number> {
  const prefix = options.prefix ?? 'bulk';
  const until = options.until ?? startOfMonth(new Date());
  const span = Math.max(1, until.getTime() - FIRST_DAY);
  const random = prng(count);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
        // Evenly spread, oldest first, with a little jitter so that times are not all round.
        const at = FIRST_DAY + Math.floor(((i + random() * 0.9) / count) * span);
        batch.push(bulkUser(i + 1, prefix, new Date(at)));
      }
      const inserted = await trx
        .insertInto('users')
        .values(batch.map((b) => b.user))
        .onConflict((oc) => oc.column('sub').doNothing())
        .returning('id')
        .execute();
      const fresh = new Set(inserted.map((row) => row.id));
      const subscriptions = batch.map((b) => b.subscription).filter((s) => fresh.has(s.user_id));
      if (subscriptions.length)
        await trx.insertInto('subscriptions').values(subscriptions).execute();
    }
  });
  return count;
}

/** Midnight UTC of the first day of `date`'s month. */
export function startOfMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}
