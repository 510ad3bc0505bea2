import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errors, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { JWK, JWTVerifyGetKey, KeyLike } from 'jose';
import type { Kysely } from 'kysely';
import type { Database, SigningKeysTable } from '../db/types';
import type { SecretBox } from './secret-box';

/** The api's own ES256 key, used to sign POS hand-off tokens. */
export interface ApiSigningKey {
  kid: string;
  privateKey: KeyLike;
  /** Public half as a JWK, for whoever verifies the hand-off tokens. */
  publicJwk: JWK;
}

/**
 * Loads the ES256 key from `file` (a private JWK), generating and saving it (mode 0600) when
 * the file does not exist yet.
 */
export async function loadOrCreateSigningKey(file: string): Promise<ApiSigningKey> {
  let jwk: JWK;
  if (fs.existsSync(file)) {
    jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    jwk = {
      ...(await exportJWK(privateKey)),
      alg: 'ES256',
      use: 'sig',
      kid: `api-${Date.now().toString(36)}`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance created it first: use theirs so that both sign with one key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
    }
  }
  const privateKey = (await importJWK(jwk, 'ES256')) as KeyLike;
  const { d: _private, ...publicJwk } = jwk;
  return { kid: jwk.kid ?? 'api', privateKey, publicJwk };
}

/** Issuer of the hand-off tokens (and of the api's other tokens). */
export const HANDOFF_ISSUER = 'cloud-pos-api';
/** Lifetime of a station hand-off token, in seconds. */
export const HANDOFF_TTL_S = 60;

/** Who a station hand-off token lets into which station. */
export interface HandOffClaims {
  /** The application's stored home URL, exactly as stored: the store checks it is its own. */
  audience: string;
  /** The dashboard user id. */
  userId: string;
  email: string;
  name: string;
  posId: string;
  /** The store user the person opens the station as. */
  wpUserId: number;
  /**
   * The owner's Assistant progress for the register, when the owner shows the Assistant in POS
   * (spec 2.11); absent otherwise.
   */
  assistant?: { remaining: number; total: number } | null;
}

/**
 * Signs the one-minute token the cloud POS host posts to a store's station page: ES256 with
 * `kid`, a random `jti` the store refuses to see twice.
 */
export function signHandOffToken(key: ApiSigningKey, claims: HandOffClaims): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: claims.email,
    name: claims.name,
    pos_id: claims.posId,
    wp_user_id: claims.wpUserId,
    ...(claims.assistant ? { assistant: claims.assistant } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(HANDOFF_ISSUER)
    .setAudience(claims.audience)
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + HANDOFF_TTL_S)
    .sign(key.privateKey);
}

/** The public JWKS of the api's keys (one or several), as every POS-host listener serves it. */
export function publicJwks(keys: ApiSigningKey | ApiSigningKey[]): { keys: JWK[] } {
  return {
    keys: (Array.isArray(keys) ? keys : [keys]).map((key) => ({
      ...key.publicJwk,
      kid: key.kid,
      alg: 'ES256',
      use: 'sig',
    })),
  };
}

/** A new ES256 key as a private JWK with its kid. */
async function generateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: `api-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`,
  };
}

async function keyOfJwk(jwk: JWK): Promise<ApiSigningKey> {
  const privateKey = (await importJWK(jwk, 'ES256')) as KeyLike;
  const { d: _private, ...publicJwk } = jwk;
  return { kid: jwk.kid ?? 'api', privateKey, publicJwk };
}

/** Timings of a {@link SigningKeys} set. */
export interface SigningKeysOptions {
  /** A new key is made when the newest is this old (API_SIGNING_KEY_ROTATE_DAYS, 30 days). */
  rotateAfterMs?: number;
  /**
   * A new key is published (JWKS) this long before it signs, so that every instance and every
   * store's cached JWKS has it first (1 hour; JWKS answers are cached 5 min).
   */
  publishAheadMs?: number;
  /**
   * A replaced key still verifies (and stays in the JWKS) this long after its successor began
   * to sign (1 hour; the tokens live 5 min at most), then it is deleted.
   */
  retainMs?: number;
  /** How often the set is read again from the database (1 min). */
  refreshMs?: number;
  /**
   * A private JWK file to take as the first key when the database has none (the key file of
   * the api before keys moved to the database: stores that cached its JWKS keep working).
   */
  importFile?: string;
  /** The clock (tests). */
  now?: () => number;
}

const publicKeys = new WeakMap<ApiSigningKey, Promise<KeyLike | Uint8Array>>();
/** The public half of `key` as a jose key, imported once. */
export function publicKeyOf(key: ApiSigningKey): Promise<KeyLike | Uint8Array> {
  let found = publicKeys.get(key);
  if (!found) {
    found = importJWK({ ...key.publicJwk, alg: 'ES256' }, 'ES256');
    publicKeys.set(key, found);
  }
  return found;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** An unknown kid reads the set again at most this often (a forged kid costs no query each). */
const UNKNOWN_KID_REFRESH_MS = 5_000;

interface LoadedKey {
  key: ApiSigningKey;
  generation: number;
  createdAt: number;
  signsFrom: number;
}

/**
 * The api's signing keys, shared by every instance through the `signing_keys` table: the
 * newest key whose `signs_from` has come signs (hand-off tokens, POS tokens, live tickets),
 * every key not yet retired verifies by `kid` and is published in the JWKS. An instance reads
 * the set every {@link SigningKeysOptions.refreshMs} (and on an unknown kid); when the newest
 * key is older than {@link SigningKeysOptions.rotateAfterMs} the first instance to notice
 * makes the next generation (a unique generation: one wins a race) and every instance starts
 * signing with it at the same `signs_from`. Private keys are sealed with the store secret box,
 * so every instance needs the same STORE_SECRET_KEY.
 */
export class SigningKeys {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly rotateAfterMs: number;
  private readonly publishAheadMs: number;
  private readonly retainMs: number;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private readonly importFile: string | undefined;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretBox,
    options: SigningKeysOptions,
  ) {
    this.rotateAfterMs = options.rotateAfterMs ?? 30 * DAY_MS;
    this.publishAheadMs = options.publishAheadMs ?? HOUR_MS;
    this.retainMs = options.retainMs ?? HOUR_MS;
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.importFile = options.importFile;
  }

  /**
   * The set over `db`, read on first use (the database must be migrated by then), making (or
   * importing) the first key when the database has none.
   */
  static lazy(
    db: Kysely<Database>,
    secrets: SecretBox,
    options: SigningKeysOptions = {},
  ): SigningKeys {
    return new SigningKeys(db, secrets, options);
  }

  /** {@link lazy}, read now: a database without the table or a wrong secret box fails here. */
  static async open(
    db: Kysely<Database>,
    secrets: SecretBox,
    options: SigningKeysOptions = {},
  ): Promise<SigningKeys> {
    const set = new SigningKeys(db, secrets, options);
    await set.fresh();
    return set;
  }

  /** The first read: the first key is made (or imported) when the table is empty. */
  private async init(): Promise<void> {
    await this.reload();
    if (this.keys.length > 0) return;
    const file = this.importFile;
    const jwk =
      file && fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as JWK)
        : await generateJwk();
    await this.insert(jwk, 1, this.now(), this.now());
    await this.reload();
  }

  private async insert(jwk: JWK, generation: number, createdAt: number, signsFrom: number) {
    const kid = jwk.kid ?? `api-${generation}`;
    const { d: _private, ...publicJwk } = jwk;
    await this.db
      .insertInto('signing_keys')
      .values({
        kid,
        generation,
        public_jwk: JSON.stringify(publicJwk),
        private_jwk: this.secrets.seal(JSON.stringify({ ...jwk, kid }), `signing_keys:${kid}`),
        created_at: new Date(createdAt).toISOString(),
        signs_from: new Date(signsFrom).toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  private async reload(): Promise<void> {
    const rows = await this.db
      .selectFrom('signing_keys')
      .selectAll()
      .orderBy('generation', 'asc')
      .execute();
    const known = new Map(this.keys.map((k) => [k.key.kid, k]));
    this.keys = await Promise.all(
      rows.map(async (row: SigningKeysTable) => {
        const kept = known.get(row.kid);
        if (kept) return kept;
        const jwk = JSON.parse(
          this.secrets.open(row.private_jwk, `signing_keys:${row.kid}`),
        ) as JWK;
        return {
          key: await keyOfJwk({ ...jwk, kid: row.kid }),
          generation: Number(row.generation),
          createdAt: Date.parse(row.created_at),
          signsFrom: Date.parse(row.signs_from),
        };
      }),
    );
    this.loadedAt = this.now();
  }

  /**
   * Reads the set again when it is older than the refresh period (or `force`), rotating and
   * pruning on the way; concurrent callers share one read.
   */
  private async fresh(force = false): Promise<void> {
    const first = this.loadedAt === 0;
    const age = this.now() - this.loadedAt;
    if (!first && !force && age < this.refreshMs) return;
    if (!first && force && age < UNKNOWN_KID_REFRESH_MS) return;
    this.loading ??= (async () => {
      try {
        if (first) await this.init();
        else await this.reload();
        await this.maintain();
      } finally {
        this.loading = null;
      }
    })();
    await this.loading;
  }

  /** Makes the next key when the newest is due, deletes the retired ones. */
  private async maintain(): Promise<void> {
    const now = this.now();
    const newest = this.keys[this.keys.length - 1];
    if (newest && now - newest.createdAt >= this.rotateAfterMs) {
      await this.insert(await generateJwk(), newest.generation + 1, now, now + this.publishAheadMs);
      await this.reload();
    }
    const retired = this.keys.filter((k) => !this.isPublished(k, now)).map((k) => k.key.kid);
    if (retired.length > 0) {
      await this.db.deleteFrom('signing_keys').where('kid', 'in', retired).execute();
      this.keys = this.keys.filter((k) => !retired.includes(k.key.kid));
    }
  }

  /** The key that signs at `now`: the newest whose signs_from has come. */
  private signingAt(now: number): LoadedKey {
    const signing = [...this.keys].reverse().find((k) => k.signsFrom <= now) ?? this.keys[0];
    if (!signing) throw new Error('The api has no signing key');
    return signing;
  }

  /** Whether `k` still verifies: not replaced, or replaced less than retainMs ago. */
  private isPublished(k: LoadedKey, now: number): boolean {
    const signing = this.signingAt(now);
    if (k.generation >= signing.generation) return true;
    const successor = this.keys.find((other) => other.generation > k.generation);
    return !successor || successor.signsFrom + this.retainMs > now;
  }

  /** The key to sign with now. */
  async signing(): Promise<ApiSigningKey> {
    await this.fresh();
    return this.signingAt(this.now()).key;
  }

  /** Every key that verifies now, oldest first (the JWKS's keys). */
  async published(): Promise<ApiSigningKey[]> {
    await this.fresh();
    const now = this.now();
    return this.keys.filter((k) => this.isPublished(k, now)).map((k) => k.key);
  }

  /** The public JWKS of {@link published}. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return publicJwks(await this.published());
  }

  /**
   * A jose key resolver: the published key named by the token's kid (an unknown kid reads the
   * set again, at most every few seconds); no kid or an unknown one fails the verification.
   */
  readonly verificationKey: JWTVerifyGetKey = async (header) => {
    const find = async () => (await this.published()).find((key) => key.kid === header.kid) ?? null;
    let key = await find();
    if (!key && header.kid) {
      await this.fresh(true);
      key = await find();
    }
    if (!key) throw new errors.JWKSNoMatchingKey();
    return publicKeyOf(key);
  };
}
