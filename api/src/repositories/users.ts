import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { Database, UserRow, UserUpdate } from '../db/types';

/** What the login provider's token says about a user. */
export interface IdentityClaims {
  sub: string;
  email: string | null;
  name: string | null;
  isAdmin: boolean;
  isVerified: boolean;
}

/** Query of the admin panel's user list. */
export interface AdminUserQuery {
  page: number;
  limit: number;
  filter?: string;
  /** ISO-8601 instants bounding created_at: from (included) and before (excluded); either may be absent. */
  createdFrom?: string;
  createdBefore?: string;
}

/** One row of the admin list, before mapping to the wire shape. */
export interface AdminUserRecord {
  id: string;
  full_name: string | null;
  email: string | null;
  subscription_type: UserRow['subscription_type'];
  plan_name: string | null;
  user_role: UserRow['user_role'];
  created_at: string;
  block: UserRow['block'];
}

/** Matches the admin list collects in one pass before it counts separately. */
export const SINGLE_PASS_MATCHES = 200;

/**
 * The text the admin filter searches: lowercased name and email, joined by a line break that
 * no filter typed into one input contains, so that a match never spans the two.
 */
export function searchTextOf(fullName: string | null, email: string | null): string {
  return `${fullName ?? ''}\n${email ?? ''}`.toLowerCase();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped by '!'. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Users: first-sight creation, profile sync, ban and the admin list. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findBySub(sub: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('sub', '=', sub).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Returns the user of a verified token, creating them on first sight (with default settings,
   * in one transaction, and no plan until they choose one) and keeping the profile in step with the token.
   * Two first requests racing each other end with one user: `sub` is unique and the loser
   * reads the winner's row.
   */
  async ensureFromClaims(claims: IdentityClaims): Promise<UserRow> {
    const existing = await this.findBySub(claims.sub);
    if (existing) return this.syncProfile(existing, claims);
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const inserted = await trx
        .insertInto('users')
        .values({
          id: newId(),
          sub: claims.sub,
          email: claims.email,
          full_name: claims.name,
          is_admin: claims.isAdmin ? 1 : 0,
          is_verified: claims.isVerified ? 1 : 0,
          user_role: 'manager',
          block: 'unblock',
          subscription_type: 'cloud',
          created_at: now,
          last_access_at: null,
          search_text: searchTextOf(claims.name, claims.email),
        })
        .onConflict((oc) => oc.column('sub').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await trx
          .insertInto('user_settings')
          .values({
            user_id: inserted.id,
            quick_launch_pos_ids: '{}',
            show_assistant_in_pos: 1,
            first_task_completed: 0,
          })
          .execute();
        // No plan yet: the shell sends a user without one to /subscription-plans (spec 2.2),
        // where they choose one (POST /subscription), or the iframe join's freeSubAutoCreate
        // gives them their role's free plan.
      }
      const row = await trx
        .selectFrom('users')
        .selectAll()
        .where('sub', '=', claims.sub)
        .executeTakeFirstOrThrow();
      return inserted && row.is_verified === 1 ? this.settleStaffRole(row, trx) : row;
    });
  }

  /**
   * Invited staff start as shared staff: a manager account that has just been verified, has
   * never had a plan and owns no application, and whose email a verified application's store
   * lists as a POS user (application_members) that was sent an invitation for that application
   * (application_invitations; a listing alone is not enough: anyone could list a victim's email
   * in their own store), becomes a non-manager (`other`), so the plans
   * page offers it 'Shared Access' (spec 2.7, 6). Decided once, when the email is verified
   * (a later manager plan promotes it again). One statement: the checks and the change cannot
   * be split by another request.
   */
  async settleStaffRole(user: UserRow, db: Kysely<Database> = this.db): Promise<UserRow> {
    if (user.user_role !== 'manager' || user.is_verified !== 1 || !user.email) return user;
    const email = user.email.trim().toLowerCase();
    const changed = await db
      .updateTable('users')
      .set({ user_role: 'other' })
      .where('id', '=', user.id)
      .where('user_role', '=', 'manager')
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('subscriptions').select('user_id').where('user_id', '=', user.id))),
      )
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('applications').select('id').where('user_id', '=', user.id))),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('application_members as m')
            .innerJoin('applications as a', 'a.id', 'm.application_id')
            // Listed is not enough (anyone may list a victim's email in their own store): an
            // invitation must have been sent to that member for that application.
            .innerJoin('application_invitations as i', (join) =>
              join
                .onRef('i.application_id', '=', 'm.application_id')
                .onRef('i.wp_user_id', '=', 'm.wp_user_id'),
            )
            .select('m.wp_user_id')
            .where('m.email', '=', email)
            .where('i.count', '>', 0)
            .where('a.is_verified_auth', '=', 1)
            .where('a.user_id', '!=', user.id),
        ),
      )
      .executeTakeFirst();
    return Number(changed.numUpdatedRows) > 0 ? { ...user, user_role: 'other' } : user;
  }

  private async syncProfile(user: UserRow, claims: IdentityClaims): Promise<UserRow> {
    const wanted: UserUpdate = {
      email: claims.email ?? user.email,
      full_name: claims.name ?? user.full_name,
      is_admin: claims.isAdmin ? 1 : 0,
      is_verified: claims.isVerified ? 1 : 0,
    };
    wanted.search_text = searchTextOf(wanted.full_name ?? null, wanted.email ?? null);
    const changed = (Object.keys(wanted) as (keyof UserUpdate)[]).some(
      (key) => wanted[key] !== user[key as keyof UserRow],
    );
    if (!changed) return user;
    await this.db.updateTable('users').set(wanted).where('id', '=', user.id).execute();
    const synced = { ...user, ...wanted } as UserRow;
    return user.is_verified === 0 && synced.is_verified === 1
      ? this.settleStaffRole(synced)
      : synced;
  }

  /** Users whose email is one of `emails`, compared without case (through an index on lower(email)). */
  async findByEmails(emails: string[]): Promise<UserRow[]> {
    const lowered = [...new Set(emails.map((email) => email.toLowerCase()).filter(Boolean))];
    if (lowered.length === 0) return [];
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, 'in', lowered)
      .execute();
  }

  async touchLastAccess(id: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_access_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Sets the block status; false when no such user. */
  async setBlock(id: string, block: UserRow['block']): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ block })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets the subscription type; false when no such user. */
  async setSubscriptionType(id: string, type: UserRow['subscription_type']): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ subscription_type: type })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * One page of all users, newest first, with the count of all users and of the matching ones.
   *
   * Without a filter the page walks the (created_at desc, id desc) index and stops after one
   * page. With a filter, one ordered pass collects the ids of up to {@link SINGLE_PASS_MATCHES}
   * matches: when there are no more, that pass gives both the page and the exact count (the
   * costly case of a rare or absent match costs one scan, not two); when there are more, the
   * matches are common, the pass stopped early, and a separate count runs.
   */
  async adminList(
    query: AdminUserQuery,
  ): Promise<{ rows: AdminUserRecord[]; totalAll: number; totalRecords: number }> {
    const { filter, createdFrom, createdBefore } = query;
    let matching = this.db.selectFrom('users');
    if (filter) {
      matching = matching.where(
        sql<boolean>`search_text like ${containsPattern(filter)} escape '!'`,
      );
    }
    if (createdFrom) matching = matching.where('created_at', '>=', createdFrom);
    if (createdBefore) matching = matching.where('created_at', '<', createdBefore);
    const filtered = Boolean(filter || createdFrom || createdBefore);
    const offset = (query.page - 1) * query.limit;
    const ordered = matching.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc');
    const countOf = async (from: typeof matching) =>
      Number(
        (
          await from
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const totalAll = await countOf(this.db.selectFrom('users'));
    let ids: string[];
    let totalRecords = totalAll;
    if (filtered && offset + query.limit <= SINGLE_PASS_MATCHES) {
      const matches = await ordered.limit(SINGLE_PASS_MATCHES + 1).execute();
      ids = matches.slice(offset, offset + query.limit).map((row) => row.id);
      totalRecords =
        matches.length <= SINGLE_PASS_MATCHES ? matches.length : await countOf(matching);
    } else {
      const page = await ordered.limit(query.limit).offset(offset).execute();
      ids = page.map((row) => row.id);
      if (filtered) totalRecords = await countOf(matching);
    }
    return { rows: await this.adminRows(ids), totalAll, totalRecords };
  }

  private async adminRows(ids: string[]): Promise<AdminUserRecord[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('users as u')
      .leftJoin('subscriptions as s', 's.user_id', 'u.id')
      .leftJoin('plans as p', 'p.id', 's.plan_id')
      .select([
        'u.id',
        'u.full_name',
        'u.email',
        'u.subscription_type',
        'p.name as plan_name',
        'u.user_role',
        'u.created_at',
        'u.block',
      ])
      .where('u.id', 'in', ids)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .execute();
  }
}
