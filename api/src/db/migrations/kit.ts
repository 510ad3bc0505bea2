import type { Kysely } from 'kysely';

/** Migrations receive an untyped Kysely: they describe the schema as it was at that step. */
export type AnyDb = Kysely<unknown>;
