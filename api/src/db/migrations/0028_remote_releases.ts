import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * The remotes' release registry (issue 31).
 * - `remote_releases`: one immutable, content-addressed build of a remote as its release script
 *   published it (JSON text columns: the shared singletons it declares, the package versions it
 *   was built against, its sizes); a content hash is published once per remote.
 * - `remote_release_state`: one row per remote, so there is exactly one live release (and at
 *   most one canary with its share) however many promotes run at once.
 * - `remote_release_events`: the audit of every change (who, when, from, to), automatic
 *   withdrawals included.
 * - `remote_release_reports`: the shell's load and mount beacons (release, outcome, time; no
 *   user), read over a window to withdraw a failing canary.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('remote_releases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('commit_sha', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('entry_url', 'text', (c) => c.notNull())
        .addColumn('shared', 'text', (c) => c.notNull())
        .addColumn('built_against', 'text', (c) => c.notNull())
        .addColumn('sizes', 'text', (c) => c.notNull())
        .addColumn('published_by', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('remote_releases_content_unique', ['remote', 'content_hash'])
        .execute();
      await db.schema
        .createIndex('remote_releases_remote_idx')
        .on('remote_releases')
        .columns(['remote', 'published_at'])
        .execute();
      await db.schema
        .createTable('remote_release_state')
        .addColumn('remote', 'text', (c) => c.primaryKey())
        .addColumn('live_release_id', 'text')
        .addColumn('previous_release_id', 'text')
        .addColumn('canary_release_id', 'text')
        .addColumn('canary_share', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_release_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_release_id', 'text')
        .addColumn('to_release_id', 'text')
        .addColumn('share', 'integer')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_release_events_remote_idx')
        .on('remote_release_events')
        .columns(['remote', 'at'])
        .execute();
      await db.schema
        .createTable('remote_release_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('release_id', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_release_reports_release_idx')
        .on('remote_release_reports')
        .columns(['release_id', 'at'])
        .execute();
    },
  };
}
