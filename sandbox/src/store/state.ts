import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';
import type { StoreSeed } from './seed';

export type KeyPermissions = 'read' | 'write' | 'read_write';

export const KEY_PERMISSIONS: readonly KeyPermissions[] = ['read', 'write', 'read_write'];

/** One row of WooCommerce's `woocommerce_api_keys` table. */
export interface ApiKeyRecord {
  key_id: number;
  user_id: number;
  description: string;
  permissions: KeyPermissions;
  /** `wc_api_hash(consumer_key)`: WooCommerce never stores the key itself. */
  consumer_key_hash: string;
  consumer_secret: string;
  /** The key's last 7 characters, shown in the admin list. */
  truncated_key: string;
  /** Nonces seen in the last 15 minutes, with their timestamps (seconds). */
  nonces: Record<string, number>;
  /** ISO 8601, or null before the first authenticated request. */
  last_access: string | null;
  created_at: string;
}

/** A freshly created key: the only moment its consumer key and secret exist in clear. */
export interface NewKey {
  key_id: number;
  consumer_key: string;
  consumer_secret: string;
}

interface PersistedState {
  nextKeyId: number;
  keys: ApiKeyRecord[];
  multipleUserPluginActive: boolean;
}

/** WooCommerce's `wc_api_hash`: HMAC-SHA256 of the consumer key with the key `wc-api`. */
export function wcApiHash(consumerKey: string): string {
  return createHmac('sha256', 'wc-api').update(consumerKey).digest('hex');
}

/**
 * The mutable state of one store: its REST keys and the multiple-user plugin flag (kept in
 * `file` when given), and whether it is offline (memory only: a restart brings it back).
 */
export class StoreState {
  offline = false;
  private state: PersistedState;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(
    private readonly seed: StoreSeed,
    private readonly file: string | null,
    loaded: PersistedState | undefined,
    private readonly now: () => number,
  ) {
    this.state = loaded ?? StoreState.initial(seed);
  }

  /** Loads the state from `file`, or starts from the seed. */
  static async open(seed: StoreSeed, file: string | null, now: () => number): Promise<StoreState> {
    const loaded = file ? await readJsonFile<PersistedState>(file) : undefined;
    return new StoreState(seed, file, loaded, now);
  }

  private static initial(seed: StoreSeed): PersistedState {
    return { nextKeyId: 1, keys: [], multipleUserPluginActive: seed.multipleUserPluginActive };
  }

  get multipleUserPluginActive(): boolean {
    return this.state.multipleUserPluginActive;
  }

  setMultipleUserPlugin(active: boolean): Promise<void> {
    this.state.multipleUserPluginActive = active;
    return this.persist();
  }

  keys(): readonly ApiKeyRecord[] {
    return this.state.keys;
  }

  /** Creates a key the way WooCommerce does: `ck_`/`cs_` plus 40 hex characters. */
  async createKey(input: {
    user_id: number;
    description: string;
    permissions: KeyPermissions;
  }): Promise<NewKey> {
    const consumer_key = `ck_${randomBytes(20).toString('hex')}`;
    const consumer_secret = `cs_${randomBytes(20).toString('hex')}`;
    const key_id = this.state.nextKeyId++;
    this.state.keys.push({
      key_id,
      ...input,
      consumer_key_hash: wcApiHash(consumer_key),
      consumer_secret,
      truncated_key: consumer_key.slice(-7),
      nonces: {},
      last_access: null,
      created_at: new Date(this.now()).toISOString(),
    });
    await this.persist();
    return { key_id, consumer_key, consumer_secret };
  }

  /** The key row for a consumer key, compared by hash as WooCommerce does. */
  findByConsumerKey(consumerKey: string): ApiKeyRecord | undefined {
    const wanted = Buffer.from(wcApiHash(consumerKey));
    return this.state.keys.find((key) =>
      timingSafeEqual(Buffer.from(key.consumer_key_hash), wanted),
    );
  }

  async deleteKey(keyId: number): Promise<boolean> {
    const before = this.state.keys.length;
    this.state.keys = this.state.keys.filter((key) => key.key_id !== keyId);
    if (this.state.keys.length === before) return false;
    await this.persist();
    return true;
  }

  deleteAllKeys(): Promise<void> {
    this.state.keys = [];
    return this.persist();
  }

  /**
   * Records a nonce for a key unless it was already used in the window; false when reused.
   * Expired nonces are dropped on the way, like WooCommerce's check_oauth_timestamp_and_nonce.
   */
  useNonce(key: ApiKeyRecord, nonce: string, timestamp: number, windowSeconds: number): boolean {
    const nowSeconds = Math.floor(this.now() / 1000);
    for (const [seen, at] of Object.entries(key.nonces)) {
      if (at < nowSeconds - windowSeconds) delete key.nonces[seen];
    }
    if (Object.prototype.hasOwnProperty.call(key.nonces, nonce)) return false;
    key.nonces[nonce] = timestamp;
    return true;
  }

  touch(key: ApiKeyRecord): Promise<void> {
    key.last_access = new Date(this.now()).toISOString();
    return this.persist();
  }

  /** Back to the seed: no keys, online, the plugin flag as seeded. */
  reset(): Promise<void> {
    this.offline = false;
    const nextKeyId = this.state.nextKeyId;
    // Key ids keep growing across resets, as auto-increment ids do.
    this.state = { ...StoreState.initial(this.seed), nextKeyId };
    return this.persist();
  }

  /** Writes are chained so the file always ends with the newest state. */
  persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    this.dirty = true;
    this.saving = this.saving
      .then(async () => {
        if (!this.dirty) return;
        this.dirty = false;
        await writeJsonFileAtomic(file, this.state);
      })
      .catch((error: Error) => {
        console.error(`sandbox store: could not save ${file}: ${error.message}`);
      });
    return this.saving;
  }

  /** Resolves once every pending write has reached the file. */
  flush(): Promise<void> {
    return this.saving;
  }
}
