import { DEFAULT_STATION_SLUG } from '@pos/shared/rules';
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../db';
import { nowIso } from '../db/ids';
import type { Database, StationSlugRow } from '../db/types';

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

/** The cloud POS slugs of stations (station_slugs). */
export class StationSlugsRepository {
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
}
