import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowIso } from '../db/ids';
import type { ApplicationRow, Database, MemberRow } from '../db/types';

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

function toMember(row: Omit<MemberRow, 'last_access_at'>): Member {
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

/**
 * How an application came to be shared with an email: an invitation sent from the dashboard,
 * a staff user created there, the demo seed ('used': kept by migration 0027).
 */
export type ShareVia = 'invitation' | 'staff' | 'demo';

/** Members written per statement (6 parameters each: well below both engines' limits). */
const MEMBER_CHUNK = 100;

/** The store users copied per application (application_members), and the copy's stamps. */
export class MembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /**
   * Adds or updates one member of an application (a staff user created or given another role
   * from the dashboard), so they reach its shared stations at once, without waiting for the
   * next copy of the store's users. A user without an email is not kept (nobody matches it).
   */
  async upsertMember(applicationId: string, user: MemberInput): Promise<void> {
    const email = user.email.trim().toLowerCase();
    if (!email) return;
    await this.db
      .insertInto('application_members')
      .values({
        application_id: applicationId,
        wp_user_id: user.id,
        email,
        name: user.name,
        roles: JSON.stringify(user.roles),
        synced_at: nowIso(),
      })
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

  /**
   * Records that member `wpUserId` of an application opened one of its stations now (the Staff
   * page's Last Access, per application). Nothing when they are no longer a member.
   */
  async touchLastAccess(applicationId: string, wpUserId: number): Promise<void> {
    await this.db
      .updateTable('application_members')
      .set({ last_access_at: nowIso() })
      .where('application_id', '=', applicationId)
      .where('wp_user_id', '=', wpUserId)
      .execute();
  }

  /**
   * The last access of the members `wpUserIds` of an application (WP user id → ISO time), only
   * of those that opened one of its stations: one query.
   */
  async lastAccesses(applicationId: string, wpUserIds: number[]): Promise<Map<number, string>> {
    if (wpUserIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('application_members')
      .select(['wp_user_id', 'last_access_at'])
      .where('application_id', '=', applicationId)
      .where('wp_user_id', 'in', [...new Set(wpUserIds)])
      .where('last_access_at', 'is not', null)
      .execute();
    const found = new Map<number, string>();
    for (const row of rows) {
      if (row.last_access_at !== null) found.set(Number(row.wp_user_id), row.last_access_at);
    }
    return found;
  }

  /** Takes a store user out of an application's members (their POS access was removed). */
  async removeMember(applicationId: string, wpUserId: number): Promise<void> {
    await this.db
      .deleteFrom('application_members')
      .where('application_id', '=', applicationId)
      .where('wp_user_id', '=', wpUserId)
      .execute();
  }

  /**
   * Records that the owner shared an application with `email` from the dashboard (`via`: an
   * invitation sent, a staff user created, the demo seed). The first share is kept.
   */
  async share(applicationId: string, email: string, via: ShareVia): Promise<void> {
    const normalized = email.trim().toLowerCase();
    if (!normalized) return;
    await this.db
      .insertInto('application_shares')
      .values({ application_id: applicationId, email: normalized, shared_at: nowIso(), via })
      .onConflict((oc) => oc.columns(['application_id', 'email']).doNothing())
      .execute();
  }

  /** Which of `emails` (any case) an application was shared with, lower-cased: one query. */
  async sharedEmails(applicationId: string, emails: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))].filter(
      (email) => email !== '',
    );
    if (wanted.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('application_shares')
      .select('email')
      .where('application_id', '=', applicationId)
      .where('email', 'in', wanted)
      .execute();
    return new Set(rows.map((row) => row.email));
  }

  /**
   * The member of an application with this email (any case), if any, and only if the
   * application was shared with that email ({@link share}): a store that lists an email
   * shares nothing by itself.
   */
  async findMember(applicationId: string, email: string | null): Promise<Member | null> {
    if (!email) return null;
    const row = await this.db
      .selectFrom('application_members as m')
      .innerJoin('application_shares as s', (join) =>
        join.onRef('s.application_id', '=', 'm.application_id').onRef('s.email', '=', 'm.email'),
      )
      .selectAll('m')
      .where('m.application_id', '=', applicationId)
      .where('m.email', '=', email.trim().toLowerCase())
      .orderBy('m.wp_user_id')
      .executeTakeFirst();
    return row ? toMember(row) : null;
  }

  /**
   * The verified applications of other users whose members include `email` and that were
   * shared with it ({@link share}), oldest first, each with the caller's member row and the
   * owner's name and email.
   */
  async membershipsOf(userId: string, email: string | null): Promise<Membership[]> {
    if (!email) return [];
    const rows = await this.db
      .selectFrom('application_members as m')
      .innerJoin('application_shares as s', (join) =>
        join.onRef('s.application_id', '=', 'm.application_id').onRef('s.email', '=', 'm.email'),
      )
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
