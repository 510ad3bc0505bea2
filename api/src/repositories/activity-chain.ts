import { createHash } from 'node:crypto';

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
