import type { FastifyBaseLogger } from 'fastify';
import type { StaffRole } from '@pos/shared/rules';
import { validateStaffCreate, validateStaffRole } from '@pos/shared/rules';
import type { ApplicationRow, UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreCredentials, WpUser } from '../../services/store-client';
import { StoreHttpError } from '../../services/store-client';
import { HttpError } from '../../errors';
import { InvitationError, inviteStoreUser } from '../applications/sharing';
import { withPlugin } from '../applications/plugin';
import { failureReason } from '../applications/store-failure';
import type { StoreAccess } from '../store-access';
import {
  ADDON_INACTIVE_MESSAGE,
  CONNECTION_OWNER_MESSAGE,
  IN_PROGRESS_MESSAGE,
  StaffError,
  USER_NOT_FOUND_MESSAGE,
} from './errors';
import { removedMessage, staffFeed } from './feed';
import type { StaffUser } from './users';
import { connectionOwnerId, displayNameOf, staffRoleOf, toStaffUsers } from './users';

/** Who does a staff change: the application's owner (their feed gets the entries). */
export type StaffActor = Pick<UserRow, 'id' | 'full_name' | 'email'>;

/** What the Create Staff User form sends. */
export interface StaffInput {
  name: string;
  email: string;
  role: string;
}

/** What became of the first invitation of a new staff user. */
export interface FirstInvitation {
  sent: boolean;
  message: string;
  invitationCount: number;
}

/** A staff user created in the store. */
export interface CreatedStaff {
  user: StaffUser;
  invitation: FirstInvitation;
}

/** Spec 2.6: the answer of a created staff user. */
export const CREATED_MESSAGE = 'Staff member was created successfully.';

/** The answer of a sent invitation (as /send-invite-email). */
export const INVITATION_SENT_MESSAGE = 'The invitation is sent';

/** What a store's 403 to a staff change reads as on the dashboard, before the store's words. */
export const STORE_REFUSED_PREFIX = 'The store refused: ';

/**
 * A store refusal of a staff call in the api's terms: 404 → userNotFound, 403
 * `pos_connect_own_user` → connectionOwner, 400 → storeRefused in the store's words, any other
 * 403 → 403 ERR_STORE_REFUSED 'The store refused: {its message}'. Any other error is returned
 * unchanged.
 */
function asStaffError(error: unknown): unknown {
  if (!(error instanceof StoreHttpError)) return error;
  if (error.notFound && !error.routeMissing) {
    return new StaffError('userNotFound', USER_NOT_FOUND_MESSAGE);
  }
  if (error.status === 403 && error.code === 'pos_connect_own_user') {
    return new StaffError('connectionOwner', CONNECTION_OWNER_MESSAGE);
  }
  if (error.status === 400) return new StaffError('storeRefused', error.message);
  // The key's store user may not do this (a shop manager's key creating or promoting users:
  // rest_cannot_create_user, rest_cannot_edit, rest_cannot_edit_roles): refused, in its words.
  if (error.status === 403) {
    return new HttpError(403, `${STORE_REFUSED_PREFIX}${error.message}`, 'ERR_STORE_REFUSED');
  }
  return error;
}

/**
 * The user's member row after a create or role change. A user the owner created from the
 * dashboard is shared with at once: they reach the application's shared stations without
 * waiting for the invitation.
 */
async function keepMember(
  repos: Repositories,
  row: ApplicationRow,
  user: WpUser,
  sharedWith?: string,
): Promise<void> {
  if (staffRoleOf(user.roles)) {
    await repos.members.upsertMember(row.id, user);
    // The email the owner typed: a store answering with another one shares nothing.
    if (sharedWith !== undefined) await repos.members.share(row.id, sharedWith, 'staff');
  } else await repos.members.removeMember(row.id, user.id);
}

/**
 * Sends a new staff user their first invitation (spec 4's rules: at most 3, reserved under
 * concurrency). A failure is reported, never thrown: the user exists either way.
 */
async function firstInvitation(
  repos: Repositories,
  access: StoreAccess,
  actor: StaffActor,
  row: ApplicationRow,
  credentials: StoreCredentials,
  wpUserId: number,
): Promise<FirstInvitation> {
  try {
    const count = await inviteStoreUser(repos, access, actor, row, credentials, wpUserId);
    return { sent: true, message: INVITATION_SENT_MESSAGE, invitationCount: count };
  } catch (error) {
    const message =
      error instanceof InvitationError
        ? error.message
        : `The invitation could not be sent: ${failureReason(error, row.home_url)}`;
    const counts = await repos.applications.invitationCounts(row.id, [wpUserId]);
    return { sent: false, message, invitationCount: counts.get(wpUserId) ?? 0 };
  }
}

/**
 * The first spec 5 text the create input breaks, in the form's order (name, email, role,
 * application), or undefined when it passes.
 */
export function staffInputProblem(
  input: StaffInput & { applicationId: string },
): string | undefined {
  const problems = validateStaffCreate(input);
  return problems.name ?? problems.email ?? problems.role ?? problems.applicationId;
}

/**
 * Creates a staff user in the store of a verified application (issue 13): checks the spec 5
 * rules, asks whether the store runs the multiple-user add-on, claims the email in the
 * database (so two posts of one email, on any api instance, never both reach the store), has
 * the Cloud POS plugin create the WordPress user, keeps them as a member, writes the feed entry
 * and sends the first invitation. Throws {@link StaffError} for a refusal, PluginMissingError
 * for a store without the plugin, the store client's errors for a failing store.
 */
export async function createStaffUser(
  repos: Repositories,
  access: StoreAccess,
  actor: StaffActor,
  row: ApplicationRow,
  credentials: StoreCredentials,
  input: StaffInput,
  log: FastifyBaseLogger,
): Promise<CreatedStaff> {
  const problem = staffInputProblem({ ...input, applicationId: row.id });
  if (problem) throw new StaffError('invalid', problem);
  const name = input.name.trim().replace(/ +/g, ' ');
  const email = input.email.trim();
  const role = input.role as StaffRole;

  const connection = await withPlugin(repos, row, () =>
    access.store.connection(row.home_url, credentials),
  );
  if (!connection.multipleUserPluginActive) {
    throw new StaffError('addonInactive', ADDON_INACTIVE_MESSAGE);
  }

  const claim = await repos.staffClaims.claim(row.id, email);
  if (!claim) throw new StaffError('inProgress', IN_PROGRESS_MESSAGE);
  try {
    let created: WpUser;
    try {
      created = await withPlugin(repos, row, () =>
        access.store.createUser(row.home_url, credentials, { name, email, role }),
      );
    } catch (error) {
      throw asStaffError(error);
    }
    // The store said 201: the WordPress user exists, so the answer is 201 whatever follows (a
    // 500 would make the retry's answer 'email already used'). A failed write is logged; the
    // member row comes with the next copy of the store's users.
    const createdRole = staffRoleOf(created.roles) ?? role;
    try {
      await keepMember(repos, row, created, email);
    } catch (err) {
      log.error({ applicationId: row.id, wpUserId: created.id, err }, 'staff member not kept');
    }
    try {
      // Also completes the Assistant's create-staff-user task.
      await repos.activities.create(
        actor.id,
        staffFeed.created(row, displayNameOf(created) || name, createdRole),
      );
    } catch (err) {
      log.error(
        { applicationId: row.id, wpUserId: created.id, err },
        'staff feed entry not written',
      );
    }
    const invitation = await firstInvitation(repos, access, actor, row, credentials, created.id);
    let user: StaffUser | undefined;
    try {
      [user] = await toStaffUsers(repos, row, [created], connection.user.id);
    } catch (err) {
      log.error({ applicationId: row.id, wpUserId: created.id, err }, 'staff user not merged');
    }
    return {
      user: user ?? {
        wpUserId: created.id,
        name: created.name,
        email: created.email,
        username: created.username,
        roles: created.roles,
        role: staffRoleOf(created.roles),
        kind: 'wp',
        lastAccess: null,
        invitationCount: invitation.invitationCount,
        isConnectionOwner: false,
      },
      invitation,
    };
  } finally {
    await repos.staffClaims.release(claim);
  }
}

/**
 * Refuses a change of (or an invitation to) the store administrator who connected the
 * application; returns their WordPress user id.
 */
export async function refuseConnectionOwner(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  wpUserId: number,
): Promise<number> {
  const ownerId = await connectionOwnerId(repos, access, row, credentials);
  if (wpUserId === ownerId) throw new StaffError('connectionOwner', CONNECTION_OWNER_MESSAGE);
  return ownerId;
}

/**
 * Gives store user `wpUserId` the POS role `role` instead of the ones they have (issue 13),
 * keeps the member row in step and writes the feed entry. Refused for the store administrator
 * who connected the application (checked here before the store is asked; the store refuses
 * too). Throws as {@link createStaffUser}.
 */
export async function changeStaffRole(
  repos: Repositories,
  access: StoreAccess,
  actor: StaffActor,
  row: ApplicationRow,
  credentials: StoreCredentials,
  wpUserId: number,
  role: string,
): Promise<StaffUser> {
  const problem = validateStaffRole(role);
  if (problem) throw new StaffError('invalid', problem);
  const ownerId = await refuseConnectionOwner(repos, access, row, credentials, wpUserId);
  let updated: WpUser;
  try {
    updated = await withPlugin(repos, row, () =>
      access.store.updateUserRole(row.home_url, credentials, wpUserId, role),
    );
  } catch (error) {
    throw asStaffError(error);
  }
  await keepMember(repos, row, updated);
  await repos.activities.create(
    actor.id,
    staffFeed.roleChanged(
      row,
      displayNameOf(updated),
      staffRoleOf(updated.roles) ?? (role as StaffRole),
    ),
  );
  const [user] = await toStaffUsers(repos, row, [updated], ownerId);
  if (!user) throw new Error('the changed staff user was lost');
  return user;
}

/**
 * Takes store user `wpUserId`'s POS access away (every POS role, every station's list; the
 * store keeps the WordPress user), drops their member row and writes the feed entry. Returns
 * the message the dashboard shows. Refused for the connection owner; throws as
 * {@link createStaffUser}.
 */
export async function removeStaffAccess(
  repos: Repositories,
  access: StoreAccess,
  actor: StaffActor,
  row: ApplicationRow,
  credentials: StoreCredentials,
  wpUserId: number,
): Promise<string> {
  await refuseConnectionOwner(repos, access, row, credentials, wpUserId);
  let removed: WpUser;
  try {
    removed = (
      await withPlugin(repos, row, () =>
        access.store.removePosAccess(row.home_url, credentials, wpUserId),
      )
    ).user;
  } catch (error) {
    throw asStaffError(error);
  }
  await repos.members.removeMember(row.id, wpUserId);
  const name = displayNameOf(removed);
  await repos.activities.create(actor.id, staffFeed.removed(row, name));
  return removedMessage(row, name);
}
