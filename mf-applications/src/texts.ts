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

/**
 * An authorization started on the store that has not come back (issue 27): its likely causes,
 * with the callback address the store must reach (the api's, while authorizing).
 */
export const authorizationNotBack = (storeHost: string, callbackUrl: string | null) =>
  `The authorization started on ${storeHost} has not come back. Most likely the store could not reach the callback address ${callbackUrl ?? 'of the Cloud POS host'}: WordPress calls out only on ports 80, 443 and 8080, so it must be reachable from the store on one of them (443 in production), and the store's page then says "A valid URL was not provided.". Or the store's page was left before Approve. Authorize again to start over.`;

/** Spec 8: the info bubble after Disconnect. */
export const disconnectedMessage = (appName: string) =>
  `${appName} application has been disconnected and is no longer authorized.`;

/** Spec 8: an application whose store check failed. */
export const applicationErrorMessage = (appName: string, message: string) =>
  `${appName}: ${message}`;

/** Spec 4: access of the two kinds of shared users. */
export const POS_USER_ACCESS = 'Stations, Cloud';
export const WP_USER_ACCESS = 'Stations';

/** Where a store owner revokes a REST key in WooCommerce (issue 10). */
export const REVOKE_KEY_WHERE = 'WooCommerce → Settings → Advanced → REST API';

/**
 * What becomes of the store's Read/Write key when the dashboard lets go of the store
 * (Disconnect, Delete): with the Cloud POS plugin the api revokes it; without, it stays active
 * until the owner revokes it in WooCommerce.
 */
export const keyFate = (storeHost: string, pluginActive: boolean | null) =>
  pluginActive === true
    ? `Its Read/Write key will be revoked on ${storeHost} through the Cloud POS plugin.`
    : pluginActive === false
      ? `The store at ${storeHost} does not have the Cloud POS plugin, so its Read/Write key stays active there: revoke it afterwards in ${REVOKE_KEY_WHERE}.`
      : `Its Read/Write key is revoked on ${storeHost} if the store has the Cloud POS plugin; otherwise revoke it afterwards in ${REVOKE_KEY_WHERE}.`;

/** The question before Disconnect; what happens to the key depends on the Cloud POS plugin. */
export const DISCONNECT_TITLE = 'Disconnect application';
export const disconnectQuestion = (
  appName: string,
  storeHost: string,
  pluginActive: boolean | null,
) => `Disconnect ${appName}? ${keyFate(storeHost, pluginActive)}`;

/**
 * The question before Delete (spec 5's, of the list or the detail page) and, for an
 * application that holds a key, what becomes of it (issue 27).
 */
export const deleteQuestion = (
  question: string,
  holdsKey: boolean,
  storeHost: string,
  pluginActive: boolean | null,
) => (holdsKey ? `${question} ${keyFate(storeHost, pluginActive)}` : question);

/** After Disconnect: whether the store's key was revoked. */
export const keyRevokedMessage = (storeHost: string) =>
  `The Read/Write key was revoked on ${storeHost}.`;
export const keyNotRevokedMessage = (storeHost: string) =>
  `The Read/Write key is still active on ${storeHost}. Revoke it in ${REVOKE_KEY_WHERE}.`;

/**
 * The bubbles after Delete: the deletion, with the key's fate when the application held one
 * (keyRevoked null: it held none). A key left active is told as a danger bubble with where to
 * revoke it.
 */
export function deletedBubbles(
  appName: string,
  storeHost: string,
  keyRevoked: boolean | null,
): Array<{ message: string; status: 'success' | 'danger' }> {
  const deleted = `Application ${appName} was deleted.`;
  if (keyRevoked === null) return [{ message: deleted, status: 'success' }];
  if (keyRevoked) {
    return [{ message: `${deleted} ${keyRevokedMessage(storeHost)}`, status: 'success' }];
  }
  return [
    { message: deleted, status: 'success' },
    { message: keyNotRevokedMessage(storeHost), status: 'danger' },
  ];
}

/** What needs the Cloud POS plugin on an application's page (issue 10 §2; stations: the kit's). */
export const SHARING_NEEDS_PLUGIN = 'Sharing with store users needs the Cloud POS plugin';
export const sharingNeedsPluginMessage = (appName: string) =>
  `The store users of ${appName} and their invitations are listed by the Cloud POS plugin, which the store does not have active.`;

/** The site check of the create form and the URL edit (issue 10 §4). */
export const siteAddressDiffers = (siteUrl: string) =>
  `This site gives its own address as ${siteUrl}.`;
export const offerSiteUrl = (siteUrl: string) => `Use ${siteUrl}`;
export const notWooCommerce = (url: string) =>
  `No WooCommerce store was found at ${url}. Check the address of the site.`;
