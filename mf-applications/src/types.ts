import type {
  ApiAnswer,
  Application,
  ApplicationAuthType,
  ApplicationList,
  ApplicationUpdate,
  InvitationRequest,
  KeysFail,
  NewApplication,
  SharedUser,
  UserAccounts,
  WpUser,
} from '@pos/shared';

export type {
  Application,
  ApplicationAuthType,
  ApplicationList,
  InvitationRequest,
  KeysFail,
  NewApplication,
  SharedUser,
  UserAccounts,
  WpUser,
};

/** The one status of an application, derived by the api (issue 10). */
export type ApplicationStatus = Application['status'];

/** Why the last authorization attempt failed, and what to do next (issue 10). */
export type AuthFailure = NonNullable<Application['lastAuthFailure']>;

/** GET applications/site-check: what the site at a typed address says about itself. */
export type SiteCheck = ApiAnswer<'/applications/site-check', 'get'>;

/**
 * Whether an application is connected to its store: authorized, or authorized but failing its
 * live check (unverified). A connected application shows Disconnect and keeps its URL locked.
 */
export const isConnected = (status: ApplicationStatus) =>
  status.code === 'authorized' || status.code === 'unverified';

/** The 'Shared with' table shows 10 users per page. */
export const SHARED_USERS_PAGE_SIZE = 10;

/** Spec 9: /wc-authorization polls the application every 500 ms. */
export const AUTHORIZATION_POLL_MS = 500;

/**
 * How long /wc-authorization waits for the store's callback after the store sent the browser
 * back: the store posts the key before it redirects, so by then it has come or will not come
 * (issue 27: the page then says why, instead of polling for ever).
 */
export const AUTHORIZATION_WAIT_MS = 30_000;

/** PUT applications/{id} takes exactly one of these (ISSUE 3). */
export type ApplicationChange =
  | Required<Pick<ApplicationUpdate, 'name'>>
  | Required<Pick<ApplicationUpdate, 'homeUrl'>>
  | Required<Pick<ApplicationUpdate, 'consumerKey' | 'consumerSecret'>>
  | Required<Pick<ApplicationUpdate, 'deauth'>>
  | Required<Pick<ApplicationUpdate, 'authType'>>;

/** A page of the 'Shared with' table. */
export interface SharedUsersPage {
  pos: SharedUser[];
  wp: SharedUser[];
  isMultiplePluginActive: boolean;
  /** Every store user with a POS role (header x-biz-total-all). */
  totalAll: number;
}

/** A row of the 'Shared with' table: POS users already use the dashboard, wp users not yet. */
export interface SharedWithRow {
  kind: 'pos' | 'wp';
  user: SharedUser;
}
