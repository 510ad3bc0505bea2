import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Last Access per application (issue 13's review): when a signed-in user last opened one of the
 * application's stations as its member, on the member row, so the Staff page shows the use of
 * that store only (the account's global last access told a manager about every store).
 * Null: never since. The member sync's upsert leaves it as it is.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('application_members')
        .addColumn('last_access_at', 'text')
        .execute();
    },
  };
}
