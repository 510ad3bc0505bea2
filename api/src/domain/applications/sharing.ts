import type { ApplicationRow, UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreCredentials } from '../../services/store-client';
import { StoreHttpError } from '../../services/store-client';
import type { StoreAccess } from '../store-access';
import { applicationFeed } from './feed';
import { withPlugin } from './plugin';
import { storeFailureText } from './store-failure';

/** A store user as the sharing page lists them. */
export interface SharedUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  /**
   * When they last opened one of this application's stations as its member (their member
   * row's, never the account's use elsewhere); null without an account or never.
   */
  lastAccess: string | null;
  /** Invitations sent to them for this application. */
  invitationCount: number;
}

/** One page of a store's users, split by whether they have a dashboard account. */
export interface SharedUsers {
  /**
   * Users with a dashboard account (matched by email) the application was shared with: they
   * see the shared stations.
   */
  pos: SharedUser[];
  /** The others (an account the store merely lists too): they may be invited. */
  wp: SharedUser[];
  /** The store's total of users. */
  total: number;
  /** Whether the store runs another multi-user plugin. */
  multiplePluginActive: boolean;
}

/**
 * One page of the store's users of an application (spec 4), from the Cloud POS plugin. Throws
 * PluginMissingError for a store without it, the store client's errors for a failing store.
 */
export async function sharedUsers(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  page: number,
  limit: number,
): Promise<SharedUsers> {
  const [users, connection] = await withPlugin(repos, row, () =>
    Promise.all([
      access.store.users(row.home_url, credentials, page, limit),
      access.store.connection(row.home_url, credentials),
    ]),
  );
  const ids = users.users.map((user) => user.id);
  const [dashboardUsers, counts, lastAccesses, sharedWith] = await Promise.all([
    repos.users.findByEmails(users.users.map((user) => user.email)),
    repos.applications.invitationCounts(row.id, ids),
    repos.members.lastAccesses(row.id, ids),
    repos.members.sharedEmails(
      row.id,
      users.users.map((user) => user.email),
    ),
  ]);
  const byEmail = new Map(dashboardUsers.map((user) => [(user.email ?? '').toLowerCase(), user]));
  const pos: SharedUser[] = [];
  const wp: SharedUser[] = [];
  for (const user of users.users) {
    const dashboardUser = sharedWith.has(user.email.toLowerCase())
      ? byEmail.get(user.email.toLowerCase())
      : undefined;
    const shared = {
      id: user.id,
      name: user.name,
      email: user.email,
      roles: user.roles,
      lastAccess: dashboardUser ? (lastAccesses.get(user.id) ?? null) : null,
      invitationCount: counts.get(user.id) ?? 0,
    };
    if (dashboardUser && user.email) pos.push(shared);
    else wp.push(shared);
  }
  return { pos, wp, total: users.total, multiplePluginActive: connection.multipleUserPluginActive };
}

/** Why an invitation was not sent; the routes give each its status. */
export type InvitationRefusal =
  /** The store does not know the user. */
  | 'userNotFound'
  /** The user was invited the most times allowed. */
  | 'limit'
  /** The store failed to send it (it does not count). */
  | 'notSent';

/** A refused invitation, with the text the dashboard shows. */
export class InvitationError extends Error {
  override readonly name = 'InvitationError';
  constructor(
    readonly refusal: InvitationRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Has the store email its user `wpUserId` an invitation to sign up (at most 3 per user and
 * application; one that was not sent does not count), with an applicationShared entry in the
 * inviter's feed. A sent invitation shares the application with the user's email. Returns how many invitations that user has had. Throws
 * {@link InvitationError}, PluginMissingError for a store without the Cloud POS plugin, or the
 * store client's errors when the user could not be looked up.
 */
export async function inviteStoreUser(
  repos: Repositories,
  access: StoreAccess,
  inviter: Pick<UserRow, 'id' | 'full_name' | 'email'>,
  row: ApplicationRow,
  credentials: StoreCredentials,
  wpUserId: number,
): Promise<number> {
  let wpUser;
  try {
    wpUser = await withPlugin(repos, row, () =>
      access.store.user(row.home_url, credentials, wpUserId),
    );
  } catch (error) {
    if (error instanceof StoreHttpError && error.notFound) {
      throw new InvitationError('userNotFound', 'WordPress user not found');
    }
    throw error;
  }
  const count = await repos.applications.reserveInvitation(row.id, wpUserId);
  if (count === null) throw new InvitationError('limit', 'Attempt limit reached');
  try {
    await access.store.sendInvitation(row.home_url, credentials, {
      userId: wpUserId,
      inviterName: inviter.full_name || inviter.email || 'Your manager',
      appName: row.name,
      signupUrl: `${access.loginProviderUrl}/need-register?${new URLSearchParams({
        product: 'pos',
        origin: access.dashboardOrigin,
      }).toString()}`,
    });
  } catch (error) {
    // The invitation was not sent: it must not count against the limit.
    await repos.applications.releaseInvitation(row.id, wpUserId);
    throw new InvitationError(
      'notSent',
      `The invitation could not be sent: ${storeFailureText(error, row.home_url)}`,
    );
  }
  // The owner invited this person from the dashboard: the application is shared with their
  // email (a store that merely lists an email shares nothing).
  await repos.members.share(row.id, wpUser.email, 'invitation');
  const name = wpUser.name || wpUser.username || wpUser.email;
  await repos.activities.create(inviter.id, applicationFeed.invitationSent(row, name));
  return count;
}
