import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

/** The prev_hash of an owner's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers (issue 12 §3): everything a reader of the feed sees. */
export interface ChainedFields {
  owner: string;
  seq: number;
  prevHash: string;
  name: string;
  feedType: string;
  link: string | null;
  linkName: string | null;
  createdAt: string;
}

/**
 * SHA-256 hex of the entry's canonical encoding, the JSON array
 * [owner, seq, prevHash, name, feedType, link, linkName, createdAt]: an array has one
 * encoding, so the api, the migration's backfill and a verifier outside agree on the bytes.
 */
export function activityHash(fields: ChainedFields): string {
  const canonical = JSON.stringify([
    fields.owner,
    fields.seq,
    fields.prevHash,
    fields.name,
    fields.feedType,
    fields.link,
    fields.linkName,
    fields.createdAt,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * {@link activityHash} as a PostgreSQL expression, for an entry whose seq and previous hash are
 * only known inside the statement that moves the owner's head (`seq` and `prevHash` are SQL
 * expressions of the head's row). The same bytes: the JSON array is cut around those two (an
 * integer's text and a hex string need no escaping) and the rest is JSON.stringify's.
 */
export function activityHashSql(
  fields: Omit<ChainedFields, 'seq' | 'prevHash'>,
  seq: RawBuilder<number>,
  prevHash: RawBuilder<string>,
): RawBuilder<string> {
  const before = `${JSON.stringify([fields.owner]).slice(0, -1)},`;
  const after = `,${JSON.stringify([
    fields.name,
    fields.feedType,
    fields.link,
    fields.linkName,
    fields.createdAt,
  ]).slice(1)}`;
  return sql<string>`encode(sha256(convert_to(cast(${before} as text) || (${seq})::text
    || ',"' || ${prevHash} || '"' || cast(${after} as text), 'UTF8')), 'hex')`;
}
