import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../db';
import { newId } from '../db/ids';
import type { Database, RemoteReleaseEventsTable, RemoteReleasesTable } from '../db/types';

/** One shared singleton a release declares (its mf-manifest.json `shared` entry). */
export interface SharedRequirement {
  name: string;
  /** The range the release needs the page's copy to satisfy, e.g. `^19.3.1`. */
  requiredVersion: string;
  /** The version the release bundles (its fallback). */
  version: string;
}

/** The bundle sizes of a release, in bytes. */
export interface ReleaseSizes {
  /** Every JavaScript file of the release (source maps excluded). */
  jsBytes: number;
  /** The same, gzipped. */
  jsGzipBytes: number;
  /** The remote's entry (remoteEntry.js). */
  entryBytes: number;
}

/** Who sees a slot: everyone, managers, or admins (the contract's `Access`). */
export type SlotAccess = 'all' | 'manager' | 'admin';

/** A navigation item of a release's contract. */
export interface NavItemSlot {
  id: string;
  label: string;
  path: string;
  access: SlotAccess;
  order: number;
  disabledWhenBanned: boolean;
  icon: string;
}

/** A dashboard tile of a release's contract and the rows of the tile grid it takes. */
export interface TileSlot {
  id: string;
  title: string;
  access: SlotAccess;
  order: number;
  rows: number;
}

/** A navigation widget of a release's contract and its heights, open and collapsed, in px. */
export interface NavWidgetSlot {
  id: string;
  title: string;
  access: SlotAccess;
  order: number;
  height: number;
  collapsedHeight: number;
}

/**
 * What a release's contract puts on every signed-in page, with the sizes the first paint and the
 * shell reserve for it: the same shape as a remote's `slots` in remotes.json.
 */
export interface ReleaseSlots {
  navItems?: NavItemSlot[];
  tiles?: TileSlot[];
  navWidgets?: NavWidgetSlot[];
}

/** What a release script publishes. */
export interface ReleaseInput {
  remote: string;
  version: string;
  commit: string;
  contentHash: string;
  /** Where its mf-manifest.json is served (content-addressed, never overwritten). */
  entry: string;
  shared: SharedRequirement[];
  /** The package versions it was built against (@pos/shared, react, react-dom, …). */
  builtAgainst: Record<string, string>;
  sizes: ReleaseSizes;
  /** Its contract's slots; absent from releases recorded before releases carried them. */
  slots?: ReleaseSlots | null;
}

/** A recorded release. */
export interface Release extends Omit<ReleaseInput, 'slots'> {
  /** Its contract's slots; null: the static remotes.json's slots apply. */
  slots: ReleaseSlots | null;
  id: string;
  publishedBy: string;
  publishedAt: string;
}

/** What one remote serves now. */
export interface RemoteReleaseState {
  remote: string;
  liveReleaseId: string | null;
  previousReleaseId: string | null;
  canaryReleaseId: string | null;
  /** Per cent of signed-in users who get the canary (0 when there is none). */
  canaryShare: number;
}

/** What changed a remote's releases. */
export type ReleaseAction = 'promote' | 'canary' | 'rollback' | 'withdraw' | 'auto-withdraw';

/** One recorded change (the audit). */
export interface ReleaseEvent {
  id: string;
  remote: string;
  action: ReleaseAction;
  fromReleaseId: string | null;
  toReleaseId: string | null;
  share: number | null;
  /** The admin's email, or 'automatic'. */
  actor: string;
  reason: string | null;
  at: string;
}

/** What the shell's beacon says about one load of a release. */
export type ReleaseOutcome = 'loaded' | 'load-failed' | 'mount-failed';

// The two-key advisory lock's first key for a remote's releases ('RELS').
const RELEASES_LOCK_NAMESPACE = 0x52454c53;

/** One change of a remote's releases: the state it leaves and the audit entry it records. */
export interface ReleaseTransition {
  next: Omit<RemoteReleaseState, 'remote'>;
  event: {
    action: ReleaseAction;
    fromReleaseId: string | null;
    toReleaseId: string | null;
    share: number | null;
    actor: string;
    reason?: string | null;
  };
}

const slotsOf = (text: string | null): ReleaseSlots | null =>
  text === null ? null : (JSON.parse(text) as ReleaseSlots);

const toRelease = (row: Selectable<RemoteReleasesTable>): Release => ({
  id: row.id,
  remote: row.remote,
  version: row.version,
  commit: row.commit_sha,
  contentHash: row.content_hash,
  entry: row.entry_url,
  shared: JSON.parse(row.shared) as Release['shared'],
  builtAgainst: JSON.parse(row.built_against) as Release['builtAgainst'],
  sizes: JSON.parse(row.sizes) as Release['sizes'],
  slots: slotsOf(row.slots),
  publishedBy: row.published_by,
  publishedAt: row.published_at,
});

const toEvent = (row: Selectable<RemoteReleaseEventsTable>): ReleaseEvent => ({
  id: row.id,
  remote: row.remote,
  action: row.action as ReleaseAction,
  fromReleaseId: row.from_release_id,
  toReleaseId: row.to_release_id,
  share: row.share,
  actor: row.actor,
  reason: row.reason,
  at: row.at,
});

const emptyState = (remote: string): RemoteReleaseState => ({
  remote,
  liveReleaseId: null,
  previousReleaseId: null,
  canaryReleaseId: null,
  canaryShare: 0,
});

/** The remotes' releases, their live state, the audit and the shell's load reports. */
export class RemoteReleasesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Records a release, once per remote and content: publishing the same build again answers
   * the release recorded first (`created: false`), never a second row or a changed one.
   */
  async publish(
    input: ReleaseInput,
    publishedBy: string,
  ): Promise<{ release: Release; created: boolean }> {
    const row: Selectable<RemoteReleasesTable> = {
      id: newId(),
      remote: input.remote,
      version: input.version,
      commit_sha: input.commit,
      content_hash: input.contentHash,
      entry_url: input.entry,
      shared: JSON.stringify(input.shared),
      built_against: JSON.stringify(input.builtAgainst),
      sizes: JSON.stringify(input.sizes),
      slots: input.slots ? JSON.stringify(input.slots) : null,
      published_by: publishedBy,
      published_at: new Date().toISOString(),
    };
    const inserted = await this.db
      .insertInto('remote_releases')
      .values(row)
      .onConflict((oc) => oc.columns(['remote', 'content_hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { release: toRelease(row), created: true };
    const existing = await this.db
      .selectFrom('remote_releases')
      .selectAll()
      .where('remote', '=', input.remote)
      .where('content_hash', '=', input.contentHash)
      .executeTakeFirstOrThrow();
    return { release: toRelease(existing), created: false };
  }

  /** One release by id. */
  async find(id: string): Promise<Release | undefined> {
    const row = await this.db
      .selectFrom('remote_releases')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRelease(row) : undefined;
  }

  /** Releases by id (any missing are left out). */
  async findMany(ids: readonly string[]): Promise<Release[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('remote_releases')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map(toRelease);
  }

  /** The newest releases of every remote, `perRemote` each at most, newest first. */
  async recent(perRemote: number): Promise<Release[]> {
    const rows = await this.db
      .selectFrom('remote_releases')
      .selectAll()
      .orderBy('remote')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const counts = new Map<string, number>();
    return rows
      .filter((row) => {
        const count = (counts.get(row.remote) ?? 0) + 1;
        counts.set(row.remote, count);
        return count <= perRemote;
      })
      .map(toRelease);
  }

  /** Every remote's state (remotes without a release change yet are absent). */
  async states(): Promise<RemoteReleaseState[]> {
    const rows = await this.db.selectFrom('remote_release_state').selectAll().execute();
    return rows.map((row) => ({
      remote: row.remote,
      liveReleaseId: row.live_release_id,
      previousReleaseId: row.previous_release_id,
      canaryReleaseId: row.canary_release_id,
      canaryShare: row.canary_share,
    }));
  }

  /**
   * The live mapping the shell starts with: each remote's live release and canary, one query.
   */
  async liveMapping(): Promise<
    Array<{
      remote: string;
      live: { id: string; entry: string; slots: ReleaseSlots | null } | null;
      canary: { id: string; entry: string; share: number; slots: ReleaseSlots | null } | null;
    }>
  > {
    const rows = await this.db
      .selectFrom('remote_release_state as s')
      .leftJoin('remote_releases as l', 'l.id', 's.live_release_id')
      .leftJoin('remote_releases as c', 'c.id', 's.canary_release_id')
      .select([
        's.remote as remote',
        's.canary_share as share',
        'l.id as liveId',
        'l.entry_url as liveEntry',
        'l.slots as liveSlots',
        'c.id as canaryId',
        'c.entry_url as canaryEntry',
        'c.slots as canarySlots',
      ])
      .orderBy('s.remote')
      .execute();
    return rows.map((row) => ({
      remote: row.remote,
      live:
        row.liveId && row.liveEntry
          ? { id: row.liveId, entry: row.liveEntry, slots: slotsOf(row.liveSlots) }
          : null,
      canary:
        row.canaryId && row.canaryEntry && row.share > 0
          ? {
              id: row.canaryId,
              entry: row.canaryEntry,
              share: row.share,
              slots: slotsOf(row.canarySlots),
            }
          : null,
    }));
  }

  /**
   * Changes one remote's releases under its lock (an advisory lock on PostgreSQL; SQLite runs
   * one write transaction at a time): `decide` reads the state as it is now and answers the
   * transition, or null to change nothing. The state and its audit entry are written in the
   * same transaction, so promotes at once leave one live release and an unbroken audit.
   */
  transition(
    remote: string,
    decide: (state: RemoteReleaseState) => ReleaseTransition | null,
  ): Promise<{ state: RemoteReleaseState; event: ReleaseEvent | null }> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${RELEASES_LOCK_NAMESPACE}, hashtext(${remote}))`.execute(
          trx,
        );
      }
      const row = await trx
        .selectFrom('remote_release_state')
        .selectAll()
        .where('remote', '=', remote)
        .executeTakeFirst();
      const current: RemoteReleaseState = row
        ? {
            remote,
            liveReleaseId: row.live_release_id,
            previousReleaseId: row.previous_release_id,
            canaryReleaseId: row.canary_release_id,
            canaryShare: row.canary_share,
          }
        : emptyState(remote);
      const change = decide(current);
      if (!change) return { state: current, event: null };
      const now = new Date().toISOString();
      const values = {
        live_release_id: change.next.liveReleaseId,
        previous_release_id: change.next.previousReleaseId,
        canary_release_id: change.next.canaryReleaseId,
        canary_share: change.next.canaryShare,
        updated_at: now,
      };
      await trx
        .insertInto('remote_release_state')
        .values({ remote, ...values })
        .onConflict((oc) => oc.column('remote').doUpdateSet(values))
        .execute();
      const event: Selectable<RemoteReleaseEventsTable> = {
        id: newId(),
        remote,
        action: change.event.action,
        from_release_id: change.event.fromReleaseId,
        to_release_id: change.event.toReleaseId,
        share: change.event.share,
        actor: change.event.actor,
        reason: change.event.reason ?? null,
        at: now,
      };
      await trx.insertInto('remote_release_events').values(event).execute();
      return { state: { remote, ...change.next }, event: toEvent(event) };
    });
  }

  /** The newest audit entries, newest first. */
  async events(limit: number): Promise<ReleaseEvent[]> {
    const rows = await this.db
      .selectFrom('remote_release_events')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /** Records one load report of a release. */
  async report(releaseId: string, outcome: ReleaseOutcome, at: Date): Promise<void> {
    await this.db
      .insertInto('remote_release_reports')
      .values({ id: newId(), release_id: releaseId, outcome, at: at.toISOString() })
      .execute();
  }

  /** A release's reports since `since`: all of them, and those that failed. */
  async reportCounts(releaseId: string, since: Date): Promise<{ total: number; failed: number }> {
    const row = await this.db
      .selectFrom('remote_release_reports')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn
          .count<number | string>(
            eb.case().when('outcome', '!=', 'loaded').then(1).else(null).end(),
          )
          .as('failed'),
      ])
      .where('release_id', '=', releaseId)
      .where('at', '>=', since.toISOString())
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), failed: Number(row.failed) };
  }
}
