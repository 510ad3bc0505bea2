import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

const KEY_LENGTH = 64;
const ACTIVATION_CODE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** An account of the login provider as it is stored. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isVerified: boolean;
  passwordSalt: string;
  passwordHash: string;
  createdAt: string;
  /** Per-account token lifetimes (seconds), set by the test controls; else the provider's. */
  tokenLifetimes?: TokenLifetimes;
}

/** Lifetimes that override the provider's defaults for one account. */
export interface TokenLifetimes {
  accessTokenTtl?: number;
  refreshWindowTtl?: number;
}

/** The part of an account that may leave the provider. */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isVerified: boolean;
}

interface ActivationCodeRecord {
  codeHash: string;
  userId: string;
  expiresAt: number;
}

interface StoreFile {
  users: UserRecord[];
  activationCodes: ActivationCodeRecord[];
}

export interface NewUser {
  id?: string;
  email: string;
  name: string;
  password: string;
  isAdmin?: boolean;
  isVerified?: boolean;
  tokenLifetimes?: TokenLifetimes;
}

export type UserPatch = Partial<
  Pick<UserRecord, 'name' | 'isAdmin' | 'isVerified' | 'tokenLifetimes'>
>;

/** The demo accounts seeded on first start; the api seeds their settings by these ids. */
export const DEMO_USERS: readonly NewUser[] = [
  {
    id: 'usr_demo_manager',
    email: 'manager@demo.test',
    name: 'Maya Manager',
    password: 'demo1234',
  },
  { id: 'usr_demo_cashier', email: 'cashier@demo.test', name: 'Cash Ier', password: 'demo1234' },
  {
    id: 'usr_demo_admin',
    email: 'admin@demo.test',
    name: 'Ada Admin',
    password: 'demo1234',
    isAdmin: true,
  },
].map((user) => ({ ...user, isVerified: true }));

/** An account with this email exists already. */
export class DuplicateEmailError extends Error {
  override readonly name = 'DuplicateEmailError';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toPublicUser(user: UserRecord): PublicUser {
  const { id, email, name, isAdmin, isVerified } = user;
  return { id, email, name, isAdmin, isVerified };
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Accounts and activation codes of the login provider, kept in one JSON file (or in memory).
 * Writes are serialised and atomic; the in-memory copy is the source of truth while running.
 */
export class UserStore {
  private writing: Promise<void> = Promise.resolve();
  // Compared against when the email is unknown, so a miss costs as much as a wrong password.
  private readonly decoy = { salt: randomBytes(16), hash: randomBytes(KEY_LENGTH) };

  private constructor(
    private readonly file: string | null,
    private readonly data: StoreFile,
    private readonly now: () => number,
  ) {}

  /** Opens the store in `dataDir` (null: memory) and seeds the demo accounts when it is new. */
  static async open(dataDir: string | null, now: () => number = Date.now): Promise<UserStore> {
    const file = dataDir == null ? null : path.join(dataDir, 'users.json');
    const existing = file == null ? undefined : await readJsonFile<StoreFile>(file);
    const store = new UserStore(file, existing ?? { users: [], activationCodes: [] }, now);
    if (!existing) {
      for (const demo of DEMO_USERS) await store.create(demo);
    }
    return store;
  }

  findByEmail(email: string): UserRecord | undefined {
    const wanted = normalizeEmail(email);
    return this.data.users.find((user) => user.email === wanted);
  }

  findById(id: string): UserRecord | undefined {
    return this.data.users.find((user) => user.id === id);
  }

  async create(input: NewUser): Promise<UserRecord> {
    const email = normalizeEmail(input.email);
    if (this.findByEmail(email))
      throw new DuplicateEmailError(`An account with ${email} already exists`);
    const salt = randomBytes(16);
    const hash = await scrypt(input.password, salt, KEY_LENGTH);
    // Checked again after hashing: a second registration of this email may have finished
    // while this one waited for scrypt.
    if (this.findByEmail(email))
      throw new DuplicateEmailError(`An account with ${email} already exists`);
    const user: UserRecord = {
      id: input.id ?? `usr_${randomBytes(9).toString('base64url')}`,
      email,
      name: input.name.trim(),
      isAdmin: input.isAdmin ?? false,
      isVerified: input.isVerified ?? false,
      passwordSalt: salt.toString('base64'),
      passwordHash: hash.toString('base64'),
      createdAt: new Date(this.now()).toISOString(),
      ...(input.tokenLifetimes ? { tokenLifetimes: input.tokenLifetimes } : {}),
    };
    this.data.users.push(user);
    await this.persist();
    return user;
  }

  /** The account when the password matches, else null (in the same time either way). */
  async checkPassword(email: string, password: string): Promise<UserRecord | null> {
    const user = this.findByEmail(email);
    const salt = user ? Buffer.from(user.passwordSalt, 'base64') : this.decoy.salt;
    const expected = user ? Buffer.from(user.passwordHash, 'base64') : this.decoy.hash;
    const actual = await scrypt(password, salt, KEY_LENGTH);
    const matches = actual.length === expected.length && timingSafeEqual(actual, expected);
    return user && matches ? user : null;
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | undefined> {
    const user = this.findById(id);
    if (!user) return undefined;
    if (patch.name !== undefined) user.name = patch.name.trim();
    if (patch.isAdmin !== undefined) user.isAdmin = patch.isAdmin;
    if (patch.isVerified !== undefined) user.isVerified = patch.isVerified;
    if (patch.tokenLifetimes !== undefined) {
      user.tokenLifetimes = { ...user.tokenLifetimes, ...patch.tokenLifetimes };
    }
    await this.persist();
    return user;
  }

  async delete(id: string): Promise<boolean> {
    const before = this.data.users.length;
    this.data.users = this.data.users.filter((user) => user.id !== id);
    this.data.activationCodes = this.data.activationCodes.filter((code) => code.userId !== id);
    if (this.data.users.length === before) return false;
    await this.persist();
    return true;
  }

  /** A new single-use email activation code; only its hash is stored. */
  async createActivationCode(userId: string): Promise<string> {
    const code = randomBytes(24).toString('base64url');
    const now = this.now();
    this.data.activationCodes = this.data.activationCodes.filter((c) => c.expiresAt > now);
    this.data.activationCodes.push({
      codeHash: hashCode(code),
      userId,
      expiresAt: now + ACTIVATION_CODE_TTL_MS,
    });
    await this.persist();
    return code;
  }

  /** Marks the code's account verified and burns the code; null when unknown or expired. */
  async consumeActivationCode(code: string): Promise<UserRecord | null> {
    const codeHash = hashCode(code);
    const record = this.data.activationCodes.find((c) => c.codeHash === codeHash);
    if (!record) return null;
    this.data.activationCodes = this.data.activationCodes.filter((c) => c !== record);
    const user = record.expiresAt > this.now() ? this.findById(record.userId) : undefined;
    if (user) user.isVerified = true;
    await this.persist();
    return user ?? null;
  }

  private persist(): Promise<void> {
    const file = this.file;
    if (file == null) return Promise.resolve();
    const snapshot = structuredClone(this.data);
    this.writing = this.writing
      .catch(() => undefined)
      .then(() => writeJsonFileAtomic(file, snapshot));
    return this.writing;
  }
}
