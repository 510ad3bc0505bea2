import type {
  Application,
  ApplicationAuthType,
  KeysFail,
  SharedUser,
  UserAccounts,
  WpUser,
} from '@pos/shared';

export type { Application, ApplicationAuthType, KeysFail, SharedUser, UserAccounts, WpUser };

/** The 'Shared with' table shows 10 users per page. */
export const SHARED_USERS_PAGE_SIZE = 10;

/** Spec 9: /wc-authorization polls the application every 500 ms. */
export const AUTHORIZATION_POLL_MS = 500;

/** Spec 9: 'The invitation is sent' shows for 3 s. */
export const INVITATION_SENT_MS = 3000;

/** Spec 5, 9: at most 3 invitations per user. */
export const INVITATION_LIMIT = 3;

/** GET applications. */
export interface ApplicationList {
  list: Application[];
  /** Errors of the whole list, shown as danger bubbles (spec 8). */
  error: string[];
}

/** POST applications. */
export interface NewApplication {
  name: string;
  homeUrl: string;
}

/** PUT applications/{id} takes exactly one of these (ISSUE 3). */
export type ApplicationChange =
  | { name: string }
  | { homeUrl: string }
  | { consumerKey: string; consumerSecret: string }
  | { deauth: true }
  | { authType: ApplicationAuthType };

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

/** The body of POST send-invite-email (spec 7). The server takes name and email from the store. */
export interface InvitationRequest {
  applicationId: string;
  wpUserId: number;
  wordPressUsername: string;
  ssoUserFullName: string;
  appName: string;
  email: string;
  userName: string;
}
