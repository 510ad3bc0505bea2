import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * A release records its remote's slots (issue 30 with issue 31): the navigation items,
 * dashboard tiles and navigation widgets of the contract it was built from, with their sizes, as
 * JSON text. The live mapping hands them to the shell's server, so the first paint and the shell
 * give a tile a release adds its place before the release loads. Null for the releases recorded
 * before: those keep the slots of the static remotes.json.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('remote_releases').addColumn('slots', 'text').execute();
    },
  };
}
