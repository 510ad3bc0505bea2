// The spec's words for the applications area, written once.

/** Spec 2.4: the list's title. */
export const MY_APPLICATIONS = 'My Applications';

/** Spec 8: the empty list. */
export const NO_APPLICATIONS = 'There are no applications created yet';

/**
 * An empty 'Shared with' table. The spec gives no text for it (its 'No users were found by your
 * request' answers the admin panel's filter), so it says what the table lists.
 */
export const NO_USERS = 'This store has no users with a POS role yet';

/** Spec 5: the list's delete confirmation. */
export const DELETE_FROM_LIST = 'Are you sure you want to permanently delete this application?';

/** Spec 5: the detail page's delete confirmation ("the detail page says 'Application'"). */
export const DELETE_FROM_DETAIL = 'Are you sure you want to permanently delete this Application?';

/** Spec 2.4: the two ways to authorize. */
export const AUTHORIZE_WITH_ACCOUNT = 'Authorize with Account';
export const CONNECT_WITH_KEYS = 'Connect with Keys';

/** Spec 8: a key failure without its own text. */
export const KEYS_FAIL_FALLBACK = 'Something went wrong.';

/** Spec 5: the store admin denied the request (success=0). */
export const WP_SIDE_ERROR = 'Unable to process your request due to a temporary issue on WP side';

/** Spec 8: the info bubble after Disconnect. */
export const disconnectedMessage = (appName: string) =>
  `${appName} application has been disconnected and is no longer authorized.`;

/** Spec 8: an application whose store check failed. */
export const applicationErrorMessage = (appName: string, message: string) =>
  `${appName}: ${message}`;

/** Spec 4: access of the two kinds of shared users. */
export const POS_USER_ACCESS = 'Stations, Cloud';
export const WP_USER_ACCESS = 'Stations';

/** WordPress role names as people read them. */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  administrator: 'Administrator',
  shop_manager: 'Shop Manager',
  cashier: 'Cashier',
  kiosk: 'Kiosk',
};
