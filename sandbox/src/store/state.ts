import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';
import type { StationSeed, StoreSeed, WpUser } from './seed';
import type { NewUser } from './staff';
import { loginBase, rolesWithPosRole, rolesWithoutPos, uniqueLogin, usersWithout } from './staff';

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
  /** Set on the pre-approved demo key (env DEMO_STORE_CONSUMER_KEY/SECRET). */
  demo?: true;
}

/** The pre-approved demo key's values, as the dashboard's demo seed knows them. */
export interface DemoKey {
  consumer_key: string;
  consumer_secret: string;
}

/** The user the demo key belongs to: the store admin. */
export const DEMO_KEY_USER_ID = 1;
export const DEMO_KEY_DESCRIPTION = 'Cloud POS dashboard (demo)';

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
  /** Absent in files written before stations could change: the seed's then. */
  stations?: StationSeed[];
  /** Whether the Cloud POS plugin is active; absent in older files: the seed's then. */
  posPluginActive?: boolean;
  /** The store's users; absent in files written before users could change: the seed's then. */
  users?: WpUser[];
  /** The id the next created user gets (WordPress's auto-increment: never reused). */
  nextUserId?: number;
  /**
   * The default station's cloud POS address the onboarding popup sent back to the "Connect to
   * Cloud POS" screen (the plugin's `cloud_pos_station_url` option); absent until connected.
   */
  cloudPosStationUrl?: string;
}

/** What a station update may change (the POS plugin's `PUT stations/{pos_id}`). */
export interface StationChange {
  cloud_slug?: string | null;
  is_default?: boolean;
  users?: number[] | null;
}

function seedStations(seed: StoreSeed): StationSeed[] {
  return seed.stations.map((station) => ({
    ...station,
    users: station.users ? [...station.users] : null,
    settings: { ...station.settings },
  }));
}

function seedUsers(seed: StoreSeed): WpUser[] {
  return seed.users.map((user) => ({ ...user, roles: [...user.roles] }));
}

/** The role a user without POS access keeps when no other is left (WooCommerce's customer). */
export const NO_POS_ROLE = 'customer';

/** WooCommerce's `wc_api_hash`: HMAC-SHA256 of the consumer key with the key `wc-api`. */
export function wcApiHash(consumerKey: string): string {
  return createHmac('sha256', 'wc-api').update(consumerKey).digest('hex');
}

/**
 * The mutable state of one store: its REST keys, the multiple-user and Cloud POS plugin
 * flags, the POS stations and the users (kept in `file` when given), and whether it is offline
 * (memory only: a restart brings it back). A demo key, when given, is always present after
 * opening and resetting.
 */
export class StoreState {
  offline = false;
  private state: PersistedState;
  private saving: Promise<void> = Promise.resolve();
  private dirty = false;
  /** The users' writes, one after another (as a database would serialize them). */
  private userWrites: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly seed: StoreSeed,
    private readonly file: string | null,
    loaded: PersistedState | undefined,
    private readonly now: () => number,
    private readonly demoKey: DemoKey | undefined,
  ) {
    this.state = loaded ?? StoreState.initial(seed);
    this.state.stations ??= seedStations(seed);
    this.state.posPluginActive ??= seed.posPluginActive;
    this.state.users ??= seedUsers(seed);
    this.state.nextUserId ??= StoreState.firstFreeUserId(this.state.users);
  }

  private static firstFreeUserId(users: readonly WpUser[]): number {
    return users.reduce((max, user) => Math.max(max, user.id), 0) + 1;
  }

  /** Loads the state from `file`, or starts from the seed; then makes sure the demo key exists. */
  static async open(
    seed: StoreSeed,
    file: string | null,
    now: () => number,
    demoKey?: DemoKey,
  ): Promise<StoreState> {
    const loaded = file ? await readJsonFile<PersistedState>(file) : undefined;
    const state = new StoreState(seed, file, loaded, now, demoKey);
    if (state.ensureDemoKey()) await state.persist();
    return state;
  }

  private static initial(seed: StoreSeed): PersistedState {
    return {
      nextKeyId: 1,
      keys: [],
      multipleUserPluginActive: seed.multipleUserPluginActive,
      stations: seedStations(seed),
      posPluginActive: seed.posPluginActive,
      users: seedUsers(seed),
      nextUserId: StoreState.firstFreeUserId(seed.users),
    };
  }

  /**
   * Adds the demo key when it is missing and drops demo keys of other values (the env
   * changed), so the dashboard's demo application always finds its keys. True when changed.
   */
  private ensureDemoKey(): boolean {
    const before = this.state.keys.length;
    const wanted = this.demoKey ? wcApiHash(this.demoKey.consumer_key) : undefined;
    this.state.keys = this.state.keys.filter(
      (key) => !key.demo || key.consumer_key_hash === wanted,
    );
    let changed = this.state.keys.length !== before;
    if (this.demoKey && !this.state.keys.some((key) => key.consumer_key_hash === wanted)) {
      this.state.keys.unshift({
        key_id: this.state.nextKeyId++,
        user_id: DEMO_KEY_USER_ID,
        description: DEMO_KEY_DESCRIPTION,
        permissions: 'read_write',
        consumer_key_hash: wcApiHash(this.demoKey.consumer_key),
        consumer_secret: this.demoKey.consumer_secret,
        truncated_key: this.demoKey.consumer_key.slice(-7),
        nonces: {},
        last_access: null,
        created_at: new Date(this.now()).toISOString(),
        demo: true,
      });
      changed = true;
    }
    return changed;
  }

  /** The POS plugin's stations, in id order. */
  stations(): readonly StationSeed[] {
    return this.state.stations ?? [];
  }

  /** Applies a change to one station; undefined when there is no such station. */
  async updateStation(posId: number, change: StationChange): Promise<StationSeed | undefined> {
    const station = this.stations().find((s) => s.pos_id === posId);
    if (!station) return undefined;
    if (change.cloud_slug !== undefined) station.cloud_slug = change.cloud_slug;
    if (change.users !== undefined) station.users = change.users ? [...change.users] : null;
    if (change.is_default !== undefined) {
      // The plugin keeps one default station per store, like the dashboard does per application.
      if (change.is_default) for (const other of this.stations()) other.is_default = false;
      station.is_default = change.is_default;
    }
    await this.persist();
    return station;
  }

  /** Removes a station (the admin's Delete); false when there was none. */
  async deleteStation(posId: number): Promise<boolean> {
    const before = this.stations().length;
    this.state.stations = this.stations().filter((s) => s.pos_id !== posId);
    if (this.state.stations.length === before) return false;
    await this.persist();
    return true;
  }

  /** The store's users (every role), in id order. */
  users(): readonly WpUser[] {
    return this.state.users ?? [];
  }

  /** The store user with this id. */
  user(id: number): WpUser | undefined {
    return this.users().find((user) => user.id === id);
  }

  /** Runs one change of the users after the ones before it have been saved. */
  private serializeUsers<T>(write: () => Promise<T>): Promise<T> {
    const result = this.userWrites.then(write);
    this.userWrites = result.catch(() => undefined);
    return result;
  }

  /**
   * Creates a store user as the POS plugin's `POST users` does (wp_insert_user): a login made
   * from the email and unique, the next id. Writes are serialized, so of two creations of one
   * email (compared without case, as MySQL's collation does) only the first succeeds; the
   * second answers `existing_user_email`.
   */
  createUser(input: NewUser): Promise<WpUser | 'existing_user_email'> {
    return this.serializeUsers(async () => {
      const email = input.email.toLowerCase();
      if (this.users().some((user) => user.email.toLowerCase() === email)) {
        return 'existing_user_email';
      }
      const logins = new Set(this.users().map((user) => user.username.toLowerCase()));
      const user: WpUser = {
        id: this.state.nextUserId ?? StoreState.firstFreeUserId(this.users()),
        username: uniqueLogin(loginBase(input.email), (login) => logins.has(login.toLowerCase())),
        email: input.email,
        name: input.name,
        roles: [input.role],
      };
      this.state.nextUserId = user.id + 1;
      this.state.users = [...this.users(), user];
      await this.persist();
      return user;
    });
  }

  /** Replaces the user's POS roles by `role` (other roles kept); undefined for no such user. */
  setUserRole(id: number, role: string): Promise<WpUser | undefined> {
    return this.serializeUsers(async () => {
      const user = this.user(id);
      if (!user) return undefined;
      user.roles = rolesWithPosRole(user.roles, role);
      await this.persist();
      return user;
    });
  }

  /**
   * Takes the user's POS access away: every POS role (customer when no other role is left)
   * and its place in every station's list of users. Undefined for no such user.
   */
  removePosAccess(id: number): Promise<WpUser | undefined> {
    return this.serializeUsers(async () => {
      const user = this.user(id);
      if (!user) return undefined;
      user.roles = rolesWithoutPos(user.roles, NO_POS_ROLE);
      for (const station of this.stations()) station.users = usersWithout(station.users, id);
      await this.persist();
      return user;
    });
  }

  get multipleUserPluginActive(): boolean {
    return this.state.multipleUserPluginActive;
  }

  setMultipleUserPlugin(active: boolean): Promise<void> {
    this.state.multipleUserPluginActive = active;
    return this.persist();
  }

  /** Whether the Cloud POS plugin is active (its routes, screens and station pages exist). */
  get posPluginActive(): boolean {
    return this.state.posPluginActive ?? this.seed.posPluginActive;
  }

  /** Activates or deactivates the Cloud POS plugin (wp-admin's Plugins screen). */
  setPosPlugin(active: boolean): Promise<void> {
    this.state.posPluginActive = active;
    return this.persist();
  }

  /** The cloud POS station address the "Connect to Cloud POS" screen saved, if any. */
  get cloudPosStationUrl(): string | undefined {
    return this.state.cloudPosStationUrl;
  }

  /** Keeps the station address of the onboarding popup (checked by the caller). */
  setCloudPosStationUrl(url: string): Promise<void> {
    this.state.cloudPosStationUrl = url;
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

  /**
   * Back to the seed: only the demo key, online, the plugin flags, stations and users as seeded,
   * no saved cloud POS station address.
   */
  reset(): Promise<void> {
    this.offline = false;
    const nextKeyId = this.state.nextKeyId;
    const demo = this.state.keys.filter((key) => key.demo);
    const initial = StoreState.initial(this.seed);
    // Key and user ids keep growing across resets, as auto-increment ids do; the demo key keeps
    // its id.
    const nextUserId = Math.max(this.state.nextUserId ?? 1, initial.nextUserId ?? 1);
    this.state = { ...initial, nextKeyId, keys: demo, nextUserId };
    this.ensureDemoKey();
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
