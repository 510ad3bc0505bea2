import { INVITATION_LIMIT } from '@pos/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { ApplicationRow, ApplicationUpdate, Database } from '../db/types';
import type { NewActivity } from './activities';
import { ActivitiesRepository } from './activities';
import { nextFreeSlug, slugBase } from './application-slugs';

/**
 * How many times a creation retries after losing a race for its slug. Every round of a race
 * has one winner, so this many simultaneous creations of one name all succeed.
 */
export const SLUG_ATTEMPTS = 25;

/** Which unique rule a write broke. */
export type UniqueRule = 'slug' | 'site' | 'token';

/** A write broke a unique rule (`site`: the user already has this site). */
export class UniqueViolationError extends Error {
  override readonly name = 'UniqueViolationError';
  constructor(readonly rule: UniqueRule) {
    super(`unique rule ${rule} broken`);
  }
}

/** Which unique rule `error` (SQLite or PostgreSQL) broke, or null for any other error. */
export function uniqueRuleOf(error: unknown): UniqueRule | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  const unique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!unique) return null;
  if (/slug/.test(text)) return 'slug';
  if (/home_url_key|user_site/.test(text)) return 'site';
  if (/auth_token/.test(text)) return 'token';
  return null;
}

/** What a new application needs. */
export interface NewApplication {
  userId: string;
  name: string;
  homeUrl: string;
  homeUrlKey: string;
}

/** Keys to store after the store accepted them. */
export interface StoredKeys {
  /** The site the keys were checked against: they are stored only while it is still the URL. */
  checkedHomeUrlKey: string;
  authType: 'account' | 'keys';
  keyId: number | null;
  consumerKeyEnc: string;
  consumerSecretEnc: string;
  /** JSON of the key's WordPress user; null when the store cannot tell (no POS plugin). */
  wpUserJson: string | null;
  /** What the check found: the POS plugin (null: could not look), WooCommerce's version. */
  posPluginActive: boolean | null;
  wcVersion: string;
  checkedAt: string;
}

/** What a check of the store found out, to record on its application. */
export interface StoreCheck {
  /** Whether the POS plugin answers; left as it was when undefined. */
  posPluginActive?: boolean;
  checkedAt: string;
  /** WooCommerce's version; left as it was when undefined. */
  wcVersion?: string;
}

/** Applications and their invitation counts. */
export class ApplicationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's applications, oldest first. */
  listForUser(userId: string): Promise<ApplicationRow[]> {
    return this.db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The application `id` when it belongs to `userId`. */
  findForUser(userId: string, id: string): Promise<ApplicationRow | undefined> {
    return this.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The application with this (globally unique) slug, whoever owns it. */
  findBySlug(slug: string): Promise<ApplicationRow | undefined> {
    return this.db
      .selectFrom('applications')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /** The application `id`, whoever owns it. */
  findById(id: string): Promise<ApplicationRow | undefined> {
    return this.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's application for a site (by its normalised key). */
  findBySite(userId: string, homeUrlKey: string): Promise<ApplicationRow | undefined> {
    return this.db
      .selectFrom('applications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('home_url_key', '=', homeUrlKey)
      .executeTakeFirst();
  }

  /**
   * Creates an application with a free slug and its feed entry, in one transaction. Throws
   * {@link UniqueViolationError} `site` when the user already has this site. Two creations
   * racing for one slug: the loser picks the next one (up to {@link SLUG_ATTEMPTS} times, then
   * {@link UniqueViolationError} `slug`).
   */
  async create(
    entry: NewApplication,
    activity: (row: ApplicationRow) => NewActivity,
  ): Promise<ApplicationRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const base = slugBase(entry.name);
          const taken = await trx
            .selectFrom('applications')
            .select('slug')
            .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
            .execute();
          const now = nowIso();
          const row: ApplicationRow = {
            id: newId(),
            user_id: entry.userId,
            name: entry.name,
            home_url: entry.homeUrl,
            home_url_key: entry.homeUrlKey,
            slug: nextFreeSlug(base, new Set(taken.map((t) => t.slug))),
            auth_type: 'account',
            is_verified_auth: 0,
            key_id: null,
            consumer_key_enc: null,
            consumer_secret_enc: null,
            wp_user: null,
            auth_token_hash: null,
            auth_token_expires_at: null,
            auth_return_path: null,
            created_at: now,
            updated_at: now,
            members_synced_at: null,
            members_sync_attempted_at: null,
            pos_plugin_active: null,
            pos_plugin_checked_at: null,
            wc_version: null,
            last_auth_failure: null,
          };
          await trx.insertInto('applications').values(row).execute();
          await new ActivitiesRepository(trx).create(entry.userId, activity(row));
          return row;
        });
      } catch (error) {
        const rule = uniqueRuleOf(error);
        if (rule === 'slug' && attempt + 1 < SLUG_ATTEMPTS) continue;
        if (rule) throw new UniqueViolationError(rule);
        throw error;
      }
    }
  }

  /**
   * Applies `change` to the user's application (and adds a feed entry when given), in one
   * transaction; undefined when there is no such application. With `forgetStore` (disconnect,
   * another URL) the same transaction drops what was copied from or set for the old store:
   * its members, its stations' slugs and when they were synced. `keepSlugs` (disconnect) keeps
   * the stations' slugs: the store keeps its copy of them, so a reconnect to the same site finds
   * the addresses in use as they were. Throws {@link UniqueViolationError} `site` when a new URL
   * is already another application's.
   */
  async update(
    userId: string,
    id: string,
    change: ApplicationUpdate,
    activity?: (row: ApplicationRow) => NewActivity,
    { forgetStore = false, keepSlugs = false }: { forgetStore?: boolean; keepSlugs?: boolean } = {},
  ): Promise<ApplicationRow | undefined> {
    const full: ApplicationUpdate = forgetStore
      ? { ...change, members_synced_at: null, members_sync_attempted_at: null }
      : change;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await this.updateIn(trx, userId, id, full);
        if (row && forgetStore) {
          await trx.deleteFrom('application_members').where('application_id', '=', id).execute();
          if (!keepSlugs) {
            await trx.deleteFrom('station_slugs').where('application_id', '=', id).execute();
          }
        }
        if (row && activity) await new ActivitiesRepository(trx).create(userId, activity(row));
        return row;
      });
    } catch (error) {
      const rule = uniqueRuleOf(error);
      if (rule) throw new UniqueViolationError(rule);
      throw error;
    }
  }

  private async updateIn(
    trx: Transaction<Database>,
    userId: string,
    id: string,
    change: ApplicationUpdate,
  ): Promise<ApplicationRow | undefined> {
    return trx
      .updateTable('applications')
      .set({ ...change, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Stores keys the store accepted: verified, token cleared, feed entry added, in one
   * transaction. Undefined when the application is gone or its URL is no longer the one the
   * keys were checked against (a URL edit raced the check: the keys belong to the old site).
   */
  storeKeys(
    userId: string,
    id: string,
    keys: StoredKeys,
    activity: (row: ApplicationRow) => NewActivity,
  ): Promise<ApplicationRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('applications')
        .set({
          auth_type: keys.authType,
          is_verified_auth: 1,
          key_id: keys.keyId,
          consumer_key_enc: keys.consumerKeyEnc,
          consumer_secret_enc: keys.consumerSecretEnc,
          wp_user: keys.wpUserJson,
          auth_token_hash: null,
          auth_token_expires_at: null,
          auth_return_path: null,
          ...(keys.posPluginActive === null
            ? {}
            : {
                pos_plugin_active: keys.posPluginActive ? 1 : 0,
                pos_plugin_checked_at: keys.checkedAt,
              }),
          wc_version: keys.wcVersion,
          last_auth_failure: null,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('home_url_key', '=', keys.checkedHomeUrlKey)
        .returningAll()
        .executeTakeFirst();
      if (row) await new ActivitiesRepository(trx).create(userId, activity(row));
      return row;
    });
  }

  /**
   * Records what a check of the store found (the POS plugin, WooCommerce's version), only
   * while the application still points at the site that was checked. Not an edit of the
   * application: `updated_at` stays.
   */
  async recordStoreCheck(id: string, checkedHomeUrlKey: string, check: StoreCheck): Promise<void> {
    const change: ApplicationUpdate = {};
    if (check.posPluginActive !== undefined) {
      change.pos_plugin_active = check.posPluginActive ? 1 : 0;
      change.pos_plugin_checked_at = check.checkedAt;
    }
    if (check.wcVersion !== undefined) change.wc_version = check.wcVersion;
    if (Object.keys(change).length === 0) return;
    await this.db
      .updateTable('applications')
      .set(change)
      .where('id', '=', id)
      .where('home_url_key', '=', checkedHomeUrlKey)
      .execute();
  }

  /**
   * Records why the last authorization of the user's application failed (JSON of {reason,
   * message, nextStep, at}); nothing else of the row changes, `updated_at` included. The row
   * after it, or undefined when the application is gone.
   */
  recordAuthFailure(
    userId: string,
    id: string,
    failureJson: string,
  ): Promise<ApplicationRow | undefined> {
    return this.db
      .updateTable('applications')
      .set({ last_auth_failure: failureJson })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the user's application (its invitations go with it); false when there was none. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('applications')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Takes the application whose pending token hashes to `tokenHash`, if it has not expired,
   * and clears the token in the same statement: of two uses of one token, exactly one gets
   * the row (the second finds the hash gone). Undefined for an unknown, used or expired token.
   */
  consumeAuthToken(tokenHash: string, now = nowIso()): Promise<ApplicationRow | undefined> {
    return this.db
      .updateTable('applications')
      .set({ auth_token_hash: null, auth_token_expires_at: null, updated_at: now })
      .where('auth_token_hash', '=', tokenHash)
      .where('auth_token_expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Invitation counts of these WordPress users of an application, keyed by wp user id. */
  async invitationCounts(applicationId: string, wpUserIds: number[]): Promise<Map<number, number>> {
    if (wpUserIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('application_invitations')
      .select(['wp_user_id', 'count'])
      .where('application_id', '=', applicationId)
      .where('wp_user_id', 'in', wpUserIds)
      .execute();
    return new Map(rows.map((row) => [Number(row.wp_user_id), Number(row.count)]));
  }

  /**
   * Reserves one invitation in a single conditional upsert (count < limit → count + 1), so
   * concurrent requests never pass the limit. The new count, or null when the limit is reached.
   */
  async reserveInvitation(applicationId: string, wpUserId: number): Promise<number | null> {
    const now = nowIso();
    const row = await this.db
      .insertInto('application_invitations')
      .values({ application_id: applicationId, wp_user_id: wpUserId, count: 1, last_sent_at: now })
      .onConflict((oc) =>
        oc
          .columns(['application_id', 'wp_user_id'])
          .doUpdateSet((eb) => ({
            count: eb('application_invitations.count', '+', 1),
            last_sent_at: now,
          }))
          .where('application_invitations.count', '<', INVITATION_LIMIT),
      )
      .returning('count')
      .executeTakeFirst();
    return row ? Number(row.count) : null;
  }

  /** Gives back a reserved invitation whose sending failed; returns the count after it. */
  async releaseInvitation(applicationId: string, wpUserId: number): Promise<number> {
    const row = await this.db
      .updateTable('application_invitations')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('application_id', '=', applicationId)
      .where('wp_user_id', '=', wpUserId)
      .where('count', '>', 0)
      .returning('count')
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }
}
