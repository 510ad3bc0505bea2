import type { StaffRole } from '@pos/shared/rules';
import { isStaffRole } from '@pos/shared/rules';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreConnection, StoreCredentials, WpUser } from '../../services/store-client';
import { wpUserOf } from '../applications/credentials';
import { PluginMissingError, withPlugin } from '../applications/plugin';
import { memberEmail } from '../members/sync';
import type { StoreAccess } from '../store-access';

/** A staff user of a store as the Staff page lists them (issue 13). */
export interface StaffUser {
  wpUserId: number;
  name: string;
  email: string;
  username: string;
  /** The store's roles. */
  roles: string[];
  /** The first of the roles that is a POS role; null when none is. */
  role: StaffRole | null;
  /**
   * pos: a verified dashboard account has this email and the application was shared with it
   * from the dashboard (Active; Stations and Cloud); wp: otherwise (Stations; Need Invite or
   * Pending from the invitation count), so an account the store merely lists can be invited.
   */
  kind: 'pos' | 'wp';
  /**
   * When they last opened one of this application's stations as its member (ISO; their member
   * row's, never the account's use of other stores); null without a verified account or never.
   */
  lastAccess: string | null;
  /** Invitations sent to this user for this application. */
  invitationCount: number;
  /** The store administrator whose key connected the application: nothing to manage. */
  isConnectionOwner: boolean;
}

/** One page of a store's staff. */
export interface StaffPage {
  data: StaffUser[];
  /** Whether the store runs the multiple-user add-on; without it the page is empty. */
  isMultiplePluginActive: boolean;
  /** The store's total of POS users (0 without the add-on). */
  totalAll: number;
}

/** The first of `roles` that is a POS role, or null. */
export function staffRoleOf(roles: readonly string[]): StaffRole | null {
  return roles.find(isStaffRole) ?? null;
}

/** What the dashboard calls a store user in its texts: name, else login, else email. */
export function displayNameOf(user: Pick<WpUser, 'name' | 'username' | 'email'>): string {
  return user.name || user.username || user.email;
}

/**
 * The store users `users` of application `row` as staff: each matched (without case) to a
 * verified dashboard account by email (an unverified account does not count: anyone could
 * sign up with a staff member's address) that the application was shared with, with their
 * invitation count and their last access to this application. Four queries, whatever the
 * number of users.
 */
export async function toStaffUsers(
  repos: Repositories,
  row: Pick<ApplicationRow, 'id'>,
  users: readonly WpUser[],
  connectionOwnerId: number | null,
): Promise<StaffUser[]> {
  if (users.length === 0) return [];
  const ids = users.map((user) => user.id);
  const [accounts, counts, lastAccesses, shared] = await Promise.all([
    repos.users.findByEmails(users.map((user) => user.email)),
    repos.applications.invitationCounts(row.id, ids),
    repos.members.lastAccesses(row.id, ids),
    repos.members.sharedEmails(
      row.id,
      users.map((user) => user.email),
    ),
  ]);
  // Lower-cased emails of the verified accounts.
  const verified = new Set<string>();
  for (const account of accounts) {
    const email = memberEmail(account)?.toLowerCase();
    if (email) verified.add(email);
  }
  return users.map((user) => {
    const email = user.email.toLowerCase();
    const hasAccount = email !== '' && verified.has(email) && shared.has(email);
    return {
      wpUserId: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      roles: user.roles,
      role: staffRoleOf(user.roles),
      kind: hasAccount ? 'pos' : 'wp',
      lastAccess: hasAccount ? (lastAccesses.get(user.id) ?? null) : null,
      invitationCount: counts.get(user.id) ?? 0,
      isConnectionOwner: connectionOwnerId !== null && user.id === connectionOwnerId,
    };
  });
}

/** One page of a store's POS users, and the connection they were read through. */
interface StorePosUsers {
  connection: StoreConnection;
  users: { users: WpUser[]; total: number };
}

/**
 * One page of a store's POS users through the Cloud POS plugin, or null when the store does not
 * run the multiple-user add-on (it has no staff list then). Throws PluginMissingError for a store
 * without the plugin, the store client's errors for a failing store.
 */
async function storePosUsers(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  page: number,
  limit: number,
): Promise<StorePosUsers | null> {
  const [connection, users] = await withPlugin(repos, row, () =>
    Promise.all([
      access.store.connection(row.home_url, credentials),
      access.store.users(row.home_url, credentials, page, limit),
    ]),
  );
  return connection.multipleUserPluginActive ? { connection, users } : null;
}

/**
 * One page of the staff of a verified application's store: its POS users (through the Cloud
 * POS plugin) merged with the dashboard's accounts. Empty when the store does not run the
 * multiple-user add-on. Throws PluginMissingError for a store without the plugin, the store
 * client's errors for a failing store.
 */
export async function staffPage(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  page: number,
  limit: number,
): Promise<StaffPage> {
  const read = await storePosUsers(repos, access, row, credentials, page, limit);
  if (!read) return { data: [], isMultiplePluginActive: false, totalAll: 0 };
  return {
    data: await toStaffUsers(repos, row, read.users.users, read.connection.user.id),
    isMultiplePluginActive: true,
    totalAll: read.users.total,
  };
}

/**
 * How many staff a verified application's store has, as its Staff page counts them (the
 * page's `totalAll`): its POS users, 0 without the multiple-user add-on or without the Cloud
 * POS plugin (the page offers the download then). Throws the store client's errors for a
 * failing store: its count is not known.
 */
export async function staffTotal(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
): Promise<number> {
  try {
    return (await storePosUsers(repos, access, row, credentials, 1, 1))?.users.total ?? 0;
  } catch (error) {
    if (error instanceof PluginMissingError) return 0;
    throw error;
  }
}

/**
 * The WordPress user id of the store administrator who connected the application (the key's
 * user): as stored when the keys were accepted, else asked of the store.
 */
export async function connectionOwnerId(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
): Promise<number> {
  const stored = wpUserOf(row);
  if (stored) return stored.id;
  const connection = await withPlugin(repos, row, () =>
    access.store.connection(row.home_url, credentials),
  );
  return connection.user.id;
}
