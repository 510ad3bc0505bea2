/**
 * The entities of the product spec (section 3), as the api returns them.
 * Field names follow the spec so that a reader can hold the two side by side.
 */

/** Status of a notification bubble. */
export type BubbleStatus = 'success' | 'loading' | 'danger' | 'info' | 'taskCompletion';

/** A notification bubble shown by the shell. */
export interface Bubble {
  id: string;
  message: string;
  status: BubbleStatus;
}

/** The role that decides what a signed-in user may see. */
export type UserRole = 'manager' | 'other';

/** User settings (GET /user-settings). */
export interface UserSettings {
  userRole: UserRole;
  /** Keyed `{applicationId}/{posID}`. */
  quickLaunchPOSIds: Record<string, boolean>;
  showAssistantInPOS: boolean;
  firstTaskCompleted: boolean;
}

/** The signed-in user's profile (GET /user-data). */
export interface UserData {
  fullName: string | null;
  email: string | null;
  isVerified: boolean;
}

/** Claims of the login provider's token. */
export interface AuthTokenClaims {
  sub: string;
  exp: number;
  /** Not-refresh-after: the token may be refreshed until this time (seconds). */
  nra: number;
  isAdmin?: boolean;
  email?: string;
  name?: string;
  iat?: number;
}

/** Kind of account an admin can set. */
export type SubscriptionType = 'cloud' | 'self' | 'one';

/** An invoice that is past due. */
export interface PastDueInvoice {
  number: string;
  invoice_pdf: string;
  hosted_invoice_url: string;
}

/** A subscription plan. */
export interface Plan {
  id: string;
  name: string;
  accessType: 'private' | 'public';
  roleType: 'manager' | 'cashier';
  isFree: boolean;
  isManagerPlan: boolean;
  /** Price per month in USD. */
  perMonth: number;
  /** Orders per month; null means unlimited. */
  upTo: number | null;
  /** Free orders included. */
  included: number;
  /** Price per extra order in USD. */
  perExcess: number;
  cancelDate: string | null;
  pastDueInvoices: PastDueInvoice[];
}

/** GET /subscription-monitor. */
export interface PlanState {
  plan: Plan | null;
  isHavePaymentMethod: boolean;
}

/** Feed types of the activity feed. */
export type FeedType =
  | 'applicationAdded'
  | 'applicationAuthorized'
  | 'applicationDisconnected'
  | 'applicationShared'
  | 'applicationUpdated'
  | 'customerAdded'
  | 'errorNotification'
  | 'orderProcessed'
  | 'posUrlChanged'
  | 'productAdded'
  | 'stationOpened';

/** Every feed type, in the spec's order. */
export const FEED_TYPES: readonly FeedType[] = [
  'applicationAdded',
  'applicationAuthorized',
  'applicationDisconnected',
  'applicationShared',
  'applicationUpdated',
  'customerAdded',
  'errorNotification',
  'orderProcessed',
  'posUrlChanged',
  'productAdded',
  'stationOpened',
];

/** One entry of the activity feed. */
export interface Activity {
  id: string;
  owner: string;
  name: string;
  createdAt: string;
  link: string | null;
  linkName: string | null;
  feedType: FeedType;
}

/** A page of a list with its total. */
export interface Paged<T> {
  data: T[];
  totalAll: number;
}

/** Block state of a user in the admin panel. */
export type BlockStatus = 'block' | 'unblock';

/** A row of the admin panel's user list. */
export interface AdminUserRow {
  id: string;
  fullName: string | null;
  email: string;
  type: SubscriptionType;
  plan: string | null;
  ordersCount: number;
  ordersCountMonth: number;
  ordersCountToday: number;
  userRole: UserRole;
  createdAt: string;
  block: BlockStatus;
}

/** GET admin-panel/users. */
export interface AdminUserList {
  list: AdminUserRow[];
  totalAll: number;
  totalRecords: number;
}

/** Order stats (GET analytics/orders). */
export interface OrderStats {
  perDay: number;
  perMonth: number;
  total: number;
}

/** A POS station of a store. */
export interface Station {
  posID: string;
  name: string;
  url: string;
  cloudStationSlug: string;
  /** Absent means allowed. */
  access?: boolean;
}

/** The error object of the access-denied page. */
export interface AccessError {
  appId: string;
  wpHome: string;
  posId: string;
  text: string;
  name: string;
}

/** A WordPress user of a connected store (the store's POS plugin shape). */
export interface WpUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
}

/** How an application was, or is to be, authorized on its store. */
export type ApplicationAuthType = 'account' | 'keys';

/** The outcome of the last 'Connect with Keys' attempt (spec 3, 8). */
export interface KeysFail {
  hasError: boolean;
  /** The reason to show; when missing the UI says 'Something went wrong.' */
  displayError: string | null;
}

/** A WooCommerce store connected to the dashboard (spec 3), as the api returns it. */
export interface Application {
  id: string;
  name: string;
  homeUrl: string;
  slug: string;
  authType: ApplicationAuthType;
  /** True while an unexpired authorization token exists (the store's page is being visited). */
  authInProgress: boolean;
  /** Masked by the server per spec 5; never the whole key. */
  consumerKey: string | null;
  /** Masked by the server per spec 5; never the whole secret. */
  consumerSecret: string | null;
  keysFail: KeysFail;
  isVerifiedAuth: boolean;
  quickLaunchPOSId: string | null;
  /** The connected WordPress account. */
  wpUser: WpUser | null;
  /** Live from the store on the detail call; null in lists or when the store cannot be asked. */
  stationsCount: number | null;
  createdAt: string;
  updatedAt: string;
  /** The live store check failed: the application is shown as unverified (spec 8). */
  error?: { message: string };
}

/** A store user an application is shared with (spec 3: shared user). */
export interface SharedUser {
  /** The WordPress user id. */
  id: number;
  name: string;
  email: string;
  roles: string[];
  lastAccess: string | null;
  /** Invitations sent so far (wp users; spec 4 invitation icon). */
  invitationCount: number;
}

/** GET applications/{id}/user-accounts; the total comes in the x-biz-total-all header. */
export interface UserAccounts {
  userAccounts: {
    /** Store users who are dashboard users. */
    pos: SharedUser[];
    /** Store users who are not dashboard users yet (they can be invited). */
    wp: SharedUser[];
  };
  isMultiplePluginActive: boolean;
}
