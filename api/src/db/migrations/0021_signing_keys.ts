import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * The api's signing keys in the database (issue 16, scale-out): every instance signs the POS
 * hand-off tokens and live tickets with the same key and verifies any key of the set by its
 * `kid`, so no instance needs a key file of its own. One row per key, numbered by
 * `generation` (unique: two instances rotating at once make one key); the private JWK is
 * sealed with the store secret box. A key signs from `signs_from` (published in the JWKS an
 * hour before, so the stores have it when the first token comes).
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull().unique())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('signs_from', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
