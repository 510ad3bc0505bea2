import { createHash, createHmac } from 'node:crypto';
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

/** Bytes of an activity chain key (HMAC-SHA256's own output size). */
export const CHAIN_KEY_BYTES = 32;

/**
 * The process's activity chain key (see {@link useActivityChainKey}). One per process, like
 * the process's configuration: every instance sharing a database must hold the same key, and
 * a feed entry's hash is computed in many writers (routes, domain, orders, seed, migration)
 * that share nothing else but the database handle.
 */
let chainKey: Buffer | null = null;

/**
 * Sets the key every entry's hash is keyed with from now on (ACTIVITY_CHAIN_KEY, or derived
 * from the store secret key; see `services/activity-chain-key.ts`): the api and the server
 * call it before they migrate or append.
 */
export function useActivityChainKey(key: Buffer): void {
  if (key.length !== CHAIN_KEY_BYTES) {
    throw new Error(`The activity chain key must be ${CHAIN_KEY_BYTES} bytes`);
  }
  chainKey = Buffer.from(key);
}

/** The key set by {@link useActivityChainKey}; an error when none was set. */
export function activityChainKey(): Buffer {
  if (!chainKey) {
    throw new Error('No activity chain key: useActivityChainKey must run before the feed is used');
  }
  return chainKey;
}

/**
 * The entry's canonical encoding, the JSON array
 * [owner, seq, prevHash, name, feedType, link, linkName, createdAt]: an array has one
 * encoding, so the api, the migrations and a verifier outside agree on the bytes.
 */
function canonical(fields: ChainedFields): string {
  return JSON.stringify([
    fields.owner,
    fields.seq,
    fields.prevHash,
    fields.name,
    fields.feedType,
    fields.link,
    fields.linkName,
    fields.createdAt,
  ]);
}

/**
 * HMAC-SHA256 hex, with the activity chain key, of the entry's canonical encoding. Keyed, so
 * that whoever can write the database but does not hold the key cannot recompute the chain
 * after changing an entry.
 */
export function activityHash(fields: ChainedFields, key: Buffer = activityChainKey()): string {
  return createHmac('sha256', key).update(canonical(fields), 'utf8').digest('hex');
}

/**
 * The unkeyed SHA-256 hex of the encoding, the hash of the chains before migration
 * `0023_activity_chain_keyed`: what 0011 wrote, and what 0023 checks before it re-keys.
 */
export function legacyActivityHash(fields: ChainedFields): string {
  return createHash('sha256').update(canonical(fields), 'utf8').digest('hex');
}

/**
 * What a database written with `key` keeps to tell whether an instance holds the same key:
 * an HMAC of a fixed text, which tells nothing of the key itself.
 */
export function activityChainKeyCheck(key: Buffer = activityChainKey()): string {
  return createHmac('sha256', key)
    .update('cloud-pos activity chain key check', 'utf8')
    .digest('hex');
}

/** HMAC's inner and outer pads of `key` (RFC 2104, SHA-256's 64-byte block). */
function hmacPads(key: Buffer): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(64);
  key.copy(block);
  return {
    inner: Buffer.from(block.map((b) => b ^ 0x36)),
    outer: Buffer.from(block.map((b) => b ^ 0x5c)),
  };
}

/**
 * {@link activityHash} as a PostgreSQL expression, for an entry whose seq and previous hash are
 * only known inside the statement that moves the owner's head (`seq` and `prevHash` are SQL
 * expressions of the head's row). The same bytes: the JSON array is cut around those two (an
 * integer's text and a hex string need no escaping) and the rest is JSON.stringify's. HMAC is
 * built from PostgreSQL's own sha256() (RFC 2104: sha256(outer pad ‖ sha256(inner pad ‖
 * message))), so no extension is needed; the pads travel as parameters, never in the text.
 */
export function activityHashSql(
  fields: Omit<ChainedFields, 'seq' | 'prevHash'>,
  seq: RawBuilder<number>,
  prevHash: RawBuilder<string>,
  key: Buffer = activityChainKey(),
): RawBuilder<string> {
  const before = `${JSON.stringify([fields.owner]).slice(0, -1)},`;
  const after = `,${JSON.stringify([
    fields.name,
    fields.feedType,
    fields.link,
    fields.linkName,
    fields.createdAt,
  ]).slice(1)}`;
  const { inner, outer } = hmacPads(key);
  const message = sql`convert_to(cast(${before} as text) || (${seq})::text
    || ',"' || ${prevHash} || '"' || cast(${after} as text), 'UTF8')`;
  return sql<string>`encode(sha256(cast(${outer} as bytea)
    || sha256(cast(${inner} as bytea) || ${message})), 'hex')`;
}
