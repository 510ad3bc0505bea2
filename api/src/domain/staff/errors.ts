/** Why a staff change was refused; the routes give each its status. */
export type StaffRefusal =
  /** The input breaks a spec 5 rule; the message is the spec's text. */
  | 'invalid'
  /** The store does not run the multiple-user add-on. */
  | 'addonInactive'
  /** Another post is creating a staff user with this email right now. */
  | 'inProgress'
  /** The store refused the change with its own words (an email already used). */
  | 'storeRefused'
  /** The store administrator who connected the application is not changed from here. */
  | 'connectionOwner'
  /** The store has no such user. */
  | 'userNotFound';

/** A refused staff change, with the text the dashboard shows. */
export class StaffError extends Error {
  override readonly name = 'StaffError';
  constructor(
    readonly refusal: StaffRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Spec 2.6: what the Staff page shows for a store without the multiple-user add-on. */
export const ADDON_INACTIVE_MESSAGE = 'Download add-on to manage Staff';

/** A second post of one email while the first is still with the store. */
export const IN_PROGRESS_MESSAGE =
  'A staff user with this email is being created. Try again in a moment.';

/** The connection owner's row (the store refuses too, with the same words). */
export const CONNECTION_OWNER_MESSAGE =
  "The store's own administrator cannot be changed from the dashboard.";

/** A user the store does not know (or no longer lists). */
export const USER_NOT_FOUND_MESSAGE = 'Staff user not found';
