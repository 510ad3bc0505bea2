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
