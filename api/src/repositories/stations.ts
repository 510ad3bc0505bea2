import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db';
import { nowIso } from '../db/ids';
import type { ApplicationRow, Database, MemberRow, StationSlugRow } from '../db/types';

/** The slug that marks an application's default station. */

/**
 * The email by which `user` is matched to store users, or null: only a verified email counts,
 * so that nobody reaches a store's stations by signing up with a staff member's address.
 */
export function memberEmail(user: { email: string | null; is_verified: number }): string | null {
  return user.is_verified === 1 ? user.email : null;
}

export const DEFAULT_STATION_SLUG = 'pos';

/** Why a slug change was refused by the database. */
export type SlugConflict =
  /** The stored slug was not the expected one (compare-and-set failed). */
  | 'changed'
  /** Another station of the application holds the slug. */
  | 'taken'
  /** The station is the default: its slug changes only back to its id. */
  | 'defaultLocked';

/** A slug change the database refused; see {@link SlugConflict}. */
export class SlugConflictError extends Error {
  override readonly name = 'SlugConflictError';
  constructor(
    readonly conflict: SlugConflict,
    /** The station holding the slug, for `taken` when known. */
    readonly holder: string | null = null,
  ) {
    super(`station slug ${conflict}`);
  }
}

/**
 * What a unique violation on station_slugs broke: `station` (a row for this station appeared
 * meanwhile, the primary key) or `slug` (the (application, slug) rule); null for other errors.
 */
function stationUniqueRuleOf(error: unknown): 'station' | 'slug' | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (
    e.code !== '23505' &&
    e.code !== 'SQLITE_CONSTRAINT_UNIQUE' &&
    e.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY'
  ) {
    return null;
  }
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (/station_slugs_pk|station_slugs\.pos_id/.test(text)) return 'station';
  if (/station_slugs_app_slug_key|station_slugs\.slug/.test(text)) return 'slug';
  return null;
}

/** A requested slug change of one station. */
export interface SlugChange {
  applicationId: string;
  posId: string;
  /** The slug the caller saw (the pos_id when the station has no row). */
  expected: string;
  /** The new slug; the pos_id itself deletes the row. */
  next: string;
}

/** What the station had before a change, so that a failed store call can put it back. */
export interface SlugBefore {
  /** The row before the change; null when the station had none. */
  previous: StationSlugRow | null;
  /** The row written by the change; null when the change deleted it. */
  written: StationSlugRow | null;
  /** The station already had the requested slug: nothing was written. */
  unchanged: boolean;
}

/** A member row with its roles parsed. */
export interface Member {
  applicationId: string;
  wpUserId: number;
  email: string;
  name: string;
  roles: string[];
}

/** A store user to keep as a member. */
export interface MemberInput {
  id: number;
  email: string;
  name: string;
  roles: string[];
}

/** A verified application of another user that lists the caller, with its owner. */
export interface Membership {
  application: ApplicationRow;
  member: Member;
  ownerName: string | null;
  ownerEmail: string | null;
}

function toMember(row: MemberRow): Member {
  let roles: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.roles);
    if (Array.isArray(parsed)) roles = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    roles = [];
  }
  return {
    applicationId: row.application_id,
    wpUserId: Number(row.wp_user_id),
    email: row.email,
    name: row.name,
    roles,
  };
}

/** Members written per statement (6 parameters each: well below both engines' limits). */
const MEMBER_CHUNK = 100;

/** Station slugs and application members. */
export class StationsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** The stored slugs of an application, keyed by pos_id. */
  async slugsOf(applicationId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('station_slugs')
      .select(['pos_id', 'slug'])
      .where('application_id', '=', applicationId)
      .execute();
    return new Map(rows.map((row) => [row.pos_id, row.slug]));
  }

  /**
   * The pos_id a cloud address names: the station whose row holds `slug`, or the numeric
   * `slug` itself when that station has no row (its slug is its id). Null when none.
   */
  async resolveSlug(applicationId: string, slug: string): Promise<string | null> {
    const rows = await this.db
      .selectFrom('station_slugs')
      .select(['pos_id', 'slug'])
      .where('application_id', '=', applicationId)
      .where((eb) => eb.or([eb('slug', '=', slug), eb('pos_id', '=', slug)]))
      .execute();
    const bySlug = rows.find((row) => row.slug === slug);
    if (bySlug) return bySlug.pos_id;
    if (!/^\d+$/.test(slug)) return null;
    // A station with a custom slug is no longer reachable under its id.
    return rows.some((row) => row.pos_id === slug) ? null : slug;
  }

  /**
   * Changes a station's slug in one transaction: compare-and-set against `expected`, then an
   * upsert (or a delete when `next` is the pos_id). Throws {@link SlugConflictError}: `changed`
   * when the stored slug is not `expected` (also when a concurrent change won the row),
   * `defaultLocked` when the default station would get another slug than its id, `taken`
   * when another station holds `next` (also when the unique rule rejects a concurrent insert).
   */
  async changeSlug(change: SlugChange): Promise<SlugBefore> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const previous =
          (await trx
            .selectFrom('station_slugs')
            .selectAll()
            .where('application_id', '=', change.applicationId)
            .where('pos_id', '=', change.posId)
            .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
            .executeTakeFirst()) ?? null;
        const current = previous?.slug ?? change.posId;
        if (current !== change.expected) throw new SlugConflictError('changed');
        if (current === change.next) return { previous, written: previous, unchanged: true };
        if (current === DEFAULT_STATION_SLUG && change.next !== change.posId) {
          throw new SlugConflictError('defaultLocked');
        }
        if (change.next === change.posId) {
          if (previous) {
            await trx
              .deleteFrom('station_slugs')
              .where('application_id', '=', change.applicationId)
              .where('pos_id', '=', change.posId)
              .execute();
          }
          return { previous, written: null, unchanged: false };
        }
        const holder = await this.slugHolder(trx, change);
        if (holder !== null) throw new SlugConflictError('taken', holder);
        const written: StationSlugRow = {
          application_id: change.applicationId,
          pos_id: change.posId,
          slug: change.next,
          updated_at: nowIso(),
        };
        if (previous) {
          await trx
            .updateTable('station_slugs')
            .set({ slug: written.slug, updated_at: written.updated_at })
            .where('application_id', '=', change.applicationId)
            .where('pos_id', '=', change.posId)
            .execute();
        } else {
          await trx.insertInto('station_slugs').values(written).execute();
        }
        return { previous, written, unchanged: false };
      });
    } catch (error) {
      const rule = stationUniqueRuleOf(error);
      if (rule === 'station') throw new SlugConflictError('changed');
      if (rule === 'slug') throw new SlugConflictError('taken');
      throw error;
    }
  }

  /**
   * The other station of the application holding `change.next`, or null. Only a shortcut:
   * a concurrent insert can slip past it, and then the unique rule decides (see changeSlug).
   */
  protected async slugHolder(
    trx: Transaction<Database>,
    change: SlugChange,
  ): Promise<string | null> {
    const holder = await trx
      .selectFrom('station_slugs')
      .select('pos_id')
      .where('application_id', '=', change.applicationId)
      .where('slug', '=', change.next)
      .where('pos_id', '!=', change.posId)
      .executeTakeFirst();
    return holder?.pos_id ?? null;
  }

  /**
   * Puts back what a change replaced, but only while the station still holds what the change
   * wrote (a later change is never undone). True when restored.
   */
  async restoreSlug(applicationId: string, posId: string, before: SlugBefore): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const now =
          (await trx
            .selectFrom('station_slugs')
            .selectAll()
            .where('application_id', '=', applicationId)
            .where('pos_id', '=', posId)
            .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
            .executeTakeFirst()) ?? null;
        const ours = before.written
          ? now?.slug === before.written.slug && now.updated_at === before.written.updated_at
          : now === null;
        if (!ours) return false;
        await trx
          .deleteFrom('station_slugs')
          .where('application_id', '=', applicationId)
          .where('pos_id', '=', posId)
          .execute();
        if (before.previous)
          await trx.insertInto('station_slugs').values(before.previous).execute();
        return true;
      });
    } catch (error) {
      // The old slug went to another station meanwhile: the new one stays.
      if (stationUniqueRuleOf(error)) return false;
      throw error;
    }
  }

  /** Sets a station's slug without any check (the demo seed). */
  async putSlug(applicationId: string, posId: string, slug: string): Promise<void> {
    await this.db
      .insertInto('station_slugs')
      .values({ application_id: applicationId, pos_id: posId, slug, updated_at: nowIso() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Replaces the members of an application by `users` (upserted by WP user id, the others
   * deleted) and stamps applications.members_synced_at, in one transaction. Users without an
   * email are left out: nobody can be matched to them.
   */
  async replaceMembers(applicationId: string, users: MemberInput[]): Promise<void> {
    const now = nowIso();
    const unique = new Map<number, MemberInput>();
    for (const user of users) if (user.email.trim()) unique.set(user.id, user);
    const rows = [...unique.values()].map((user) => ({
      application_id: applicationId,
      wp_user_id: user.id,
      email: user.email.trim().toLowerCase(),
      name: user.name,
      roles: JSON.stringify(user.roles),
      synced_at: now,
    }));
    await this.db.transaction().execute(async (trx) => {
      const exists = await trx
        .updateTable('applications')
        .set({ members_synced_at: now })
        .where('id', '=', applicationId)
        .returning('id')
        .executeTakeFirst();
      if (!exists) return;
      for (let start = 0; start < rows.length; start += MEMBER_CHUNK) {
        await trx
          .insertInto('application_members')
          .values(rows.slice(start, start + MEMBER_CHUNK))
          .onConflict((oc) =>
            oc.columns(['application_id', 'wp_user_id']).doUpdateSet((eb) => ({
              email: eb.ref('excluded.email'),
              name: eb.ref('excluded.name'),
              roles: eb.ref('excluded.roles'),
              synced_at: eb.ref('excluded.synced_at'),
            })),
          )
          .execute();
      }
      // Rows of this sync carry `now`: every other row is a user the store no longer lists.
      await trx
        .deleteFrom('application_members')
        .where('application_id', '=', applicationId)
        .where('synced_at', '!=', now)
        .execute();
    });
  }

  /** The member of an application with this email (any case), if any. */
  async findMember(applicationId: string, email: string | null): Promise<Member | null> {
    if (!email) return null;
    const row = await this.db
      .selectFrom('application_members')
      .selectAll()
      .where('application_id', '=', applicationId)
      .where('email', '=', email.trim().toLowerCase())
      .orderBy('wp_user_id')
      .executeTakeFirst();
    return row ? toMember(row) : null;
  }

  /**
   * The verified applications of other users whose members include `email`, oldest first,
   * each with the caller's member row and the owner's name and email.
   */
  async membershipsOf(userId: string, email: string | null): Promise<Membership[]> {
    if (!email) return [];
    const rows = await this.db
      .selectFrom('application_members as m')
      .innerJoin('applications as a', 'a.id', 'm.application_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .selectAll('a')
      .select([
        'm.wp_user_id as m_wp_user_id',
        'm.email as m_email',
        'm.name as m_name',
        'm.roles as m_roles',
        'm.synced_at as m_synced_at',
        'u.full_name as owner_name',
        'u.email as owner_email',
      ])
      .where('m.email', '=', email.trim().toLowerCase())
      .where('a.user_id', '!=', userId)
      .where('a.is_verified_auth', '=', 1)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .orderBy('m.wp_user_id')
      .execute();
    const seen = new Set<string>();
    const list: Membership[] = [];
    for (const row of rows) {
      // One email listed twice in a store: the lowest WP user id stands for the caller.
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      const {
        m_wp_user_id,
        m_email,
        m_name,
        m_roles,
        m_synced_at,
        owner_name,
        owner_email,
        ...application
      } = row;
      list.push({
        application,
        member: toMember({
          application_id: row.id,
          wp_user_id: m_wp_user_id,
          email: m_email,
          name: m_name,
          roles: m_roles,
          synced_at: m_synced_at,
        }),
        ownerName: owner_name,
        ownerEmail: owner_email,
      });
    }
    return list;
  }

  /** Stamps applications.members_sync_attempted_at: a copy of the store's users is being tried. */
  async markSyncAttempted(applicationId: string, at = nowIso()): Promise<void> {
    await this.db
      .updateTable('applications')
      .set({ members_sync_attempted_at: at })
      .where('id', '=', applicationId)
      .execute();
  }

  /**
   * Claims up to `limit` verified applications whose members were never copied and whose last
   * attempt is older than `retryBefore` (or none): stamps their attempt with `now` and returns
   * them. Never tried ones come first, then the longest untried, then the oldest; a store that
   * keeps failing is so asked once per pause, not by every caller.
   */
  async claimNeverSynced(
    limit: number,
    retryBefore: string,
    now = nowIso(),
  ): Promise<ApplicationRow[]> {
    const due = this.db
      .selectFrom('applications')
      .select('id')
      .where('is_verified_auth', '=', 1)
      .where('members_synced_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('members_sync_attempted_at', 'is', null),
          eb('members_sync_attempted_at', '<', retryBefore),
        ]),
      )
      // Never tried first on both engines (PostgreSQL sorts NULL last).
      .orderBy(sql`(members_sync_attempted_at is not null)`)
      .orderBy('members_sync_attempted_at')
      .orderBy('created_at')
      .limit(limit);
    return (
      this.db
        .updateTable('applications')
        .set({ members_sync_attempted_at: now })
        .where('id', 'in', due)
        // A concurrent caller that claimed the row first has stamped it: not claimed twice.
        .where('members_synced_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('members_sync_attempted_at', 'is', null),
            eb('members_sync_attempted_at', '<', retryBefore),
          ]),
        )
        .returningAll()
        .execute()
    );
  }
}
