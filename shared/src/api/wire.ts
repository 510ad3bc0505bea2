// Friendly names for the api's wire types. The types themselves are generated from the api's
// OpenAPI document into ./wire.gen.ts (pnpm --filter @pos/api gen:types): change a shape in
// the api's route schemas, never here.
import type { components, paths } from './wire.gen';

type Schemas = components['schemas'];
type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** A route of the api, relative to /api/connect-ui. */
type Route = keyof paths extends `/api/connect-ui${infer R}` ? R : never;
type Operation<R extends Route, M extends Method> = paths[`/api/connect-ui${R}`][M];
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body of the successful answer (200 or 201) of `method` on `route`. */
export type ApiAnswer<R extends Route, M extends Method> =
  Operation<R, M> extends { responses: infer A }
    ? A extends { 200: infer OK }
      ? JsonOf<OK>
      : A extends { 201: infer Created }
        ? JsonOf<Created>
        : never
    : never;

/** The JSON body that `method` on `route` takes. */
export type ApiBody<R extends Route, M extends Method> =
  Operation<R, M> extends { requestBody: infer B } ? JsonOf<B> : never;

/** The query parameters of `method` on `route`. */
export type ApiQuery<R extends Route, M extends Method> =
  Operation<R, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The body of every error answer. */
export type ApiError = Schemas['Error'];

/** The signed-in user's settings (GET /user-settings). */
export type UserSettings = Schemas['UserSettings'];
/** The role that decides what a signed-in user may see. */
export type UserRole = UserSettings['userRole'];
/** The signed-in user's profile (GET /user-data). */
export type UserData = Schemas['UserData'];

/** A subscription plan. */
export type Plan = Schemas['Plan'];
/** An invoice that is past due. */
export type PastDueInvoice = Plan['pastDueInvoices'][number];
/** GET /subscription-monitor. */
export type PlanState = ApiAnswer<'/subscription-monitor', 'get'>;
/** GET /viewer: settings, profile, ban and plan in one answer (the dashboard's sign-in). */
export type ViewerAnswer = ApiAnswer<'/viewer', 'get'>;
/** POST /subscription. */
export type SubscribeRequest = ApiBody<'/subscription', 'post'>;
/** The answer of POST /subscription. */
export type SubscribeAnswer = ApiAnswer<'/subscription', 'post'>;
/** What POST /subscription did. */
export type SubStatus = SubscribeAnswer['subStatus'];
/** A saved card, read from Stripe (spec 3); named apart from the ui kit's Card component. */
export type PaymentCard = Schemas['Card'];
/** A card's billing details (name and address). */
export type CardBillingDetails = PaymentCard['billingDetails'];
/** GET /payment-methods. */
export type PaymentMethods = ApiAnswer<'/payment-methods', 'get'>;
/** POST /payment-method: attach a PaymentMethod created by Stripe.js. */
export type AttachCardRequest = ApiBody<'/payment-method', 'post'>;
/** PUT /payment-method: replace a card, change its billing details, or make it the default. */
export type UpdateCardRequest = ApiBody<'/payment-method', 'put'>;
/** The answer of POST and PUT /payment-method. */
export type CardAnswer = ApiAnswer<'/payment-method', 'post'>;
/** A promo code's discount on a plan (spec 3). */
export type Discount = Schemas['Discount'];
/** GET /promotion-code/active. */
export type ActivePromo = ApiAnswer<'/promotion-code/active', 'get'>;
/** POST /promotion-code. */
export type PromoRequest = ApiBody<'/promotion-code', 'post'>;
/** The answer of POST /promotion-code. */
export type PromoAnswer = ApiAnswer<'/promotion-code', 'post'>;

/** One entry of the activity feed. */
export type Activity = Schemas['Activity'];
/** Feed types of the activity feed. */
export type FeedType = Activity['feedType'];

/** GET analytics/orders: orders on a day, in its month and of all time. */
export type OrderCounts = Schemas['OrderCounts'];
/** GET analytics/usage: the usage analytics of spec 3 for a period. */
export type UsageAnalytics = Schemas['UsageAnalytics'];

/** A row of the admin panel's user list. */
export type AdminUserRow = Schemas['AdminUserRow'];
/** Kind of account an admin can set. */
export type SubscriptionType = AdminUserRow['type'];
/** Block state of a user in the admin panel. */
export type BlockStatus = AdminUserRow['block'];
/** GET admin-panel/users. */
export type AdminUserList = ApiAnswer<'/admin-panel/users', 'get'>;
/** The answer of PATCH admin-panel/users/{id}/status. */
export type BlockStatusAnswer = ApiAnswer<'/admin-panel/users/{id}/status', 'patch'>;

/** A remote's published release (issue 31): immutable, content-addressed. */
export type Release = Schemas['Release'];
/** One change of a remote's releases: who, when, from, to. */
export type ReleaseEvent = Schemas['ReleaseEvent'];
/** One remote's live, canary and previous releases and its newest releases. */
export type RemoteReleases = Schemas['RemoteReleases'];
/** GET admin-panel/releases. */
export type ReleasesOverview = ApiAnswer<'/admin-panel/releases', 'get'>;
/** The answer of a promote, rollback or canary withdrawal: the remote's state and its event. */
export type ReleaseStateAnswer = ApiAnswer<'/admin-panel/releases/{id}/promote', 'post'>;

/** A WooCommerce store connected to the dashboard (spec 3); keys masked per spec 5. */
export type Application = Schemas['Application'];
/** How an application was, or is to be, authorized on its store. */
export type ApplicationAuthType = Application['authType'];
/** The outcome of the last 'Connect with Keys' attempt (spec 3, 8). */
export type KeysFail = Application['keysFail'];
/** A WordPress user of a connected store. */
export type WpUser = Schemas['WpUser'];
/** GET applications: the list and the errors of the whole list (spec 8). */
export type ApplicationList = ApiAnswer<'/applications', 'get'>;
/** POST applications. */
export type NewApplication = ApiBody<'/applications', 'post'>;
/** GET applications/{id}, and the answer of POST applications. */
export type ApplicationAnswer = ApiAnswer<'/applications/{id}', 'get'>;
/** PUT applications/{id}: one change at a time (see the route's description). */
export type ApplicationUpdate = ApiBody<'/applications/{id}', 'put'>;
/** The answer of PUT applications/{id}: the application now, and a message after a disconnect. */
export type ApplicationUpdateAnswer = ApiAnswer<'/applications/{id}', 'put'>;
/** PUT applications/{id}/auth-status. */
export type AuthStatusAnswer = ApiAnswer<'/applications/{id}/auth-status', 'put'>;

/** A store user an application is shared with (spec 3: shared user). */
export type SharedUser = Schemas['SharedUser'];
/** GET applications/{id}/user-accounts; the total comes in the x-biz-total-all header. */
export type UserAccounts = ApiAnswer<'/applications/{id}/user-accounts', 'get'>;
/** POST send-invite-email. */
export type InvitationRequest = ApiBody<'/send-invite-email', 'post'>;
/** The answer of POST send-invite-email. */
export type InvitationAnswer = ApiAnswer<'/send-invite-email', 'post'>;

/** A staff user of a connected store (issue 13; the Staff page's row). */
export type StaffUser = Schemas['StaffUser'];
/** A staff user's POS role; null when they have none. */
export type StaffUserRole = StaffUser['role'];
/** pos: a verified dashboard account has the email; wp: WordPress only. */
export type StaffUserKind = StaffUser['kind'];
/** GET staff/users; the store's total also comes in the x-biz-total-all header. */
export type StaffList = ApiAnswer<'/staff/users', 'get'>;
/** The query of GET staff/users. */
export type StaffListQuery = ApiQuery<'/staff/users', 'get'>;
/** POST staff/users. */
export type NewStaffUser = ApiBody<'/staff/users', 'post'>;
/** The answer of POST staff/users: the user, its message and the first invitation's fate. */
export type StaffCreateAnswer = ApiAnswer<'/staff/users', 'post'>;
/** What became of a new staff user's first invitation. */
export type StaffInvitationOutcome = StaffCreateAnswer['invitation'];
/** POST staff/invitations. */
export type StaffInvitationRequest = ApiBody<'/staff/invitations', 'post'>;
/** The answer of POST staff/invitations. */
export type StaffInvitationAnswer = ApiAnswer<'/staff/invitations', 'post'>;
/** PATCH staff/users/{wpUserId}. */
export type StaffRoleChange = ApiBody<'/staff/users/{wpUserId}', 'patch'>;
/** The answer of PATCH staff/users/{wpUserId}. */
export type StaffRoleChangeAnswer = ApiAnswer<'/staff/users/{wpUserId}', 'patch'>;
/** The answer of DELETE staff/users/{wpUserId}?applicationId=. */
export type StaffRemovalAnswer = ApiAnswer<'/staff/users/{wpUserId}', 'delete'>;
/** GET staff/summary: the dashboard's Staff tile. */
export type StaffSummary = ApiAnswer<'/staff/summary', 'get'>;

/** A POS station of a store (spec 3). */
export type Station = Schemas['Station'];
/** GET applications/{id}/stations. */
export type ApplicationStations = ApiAnswer<'/applications/{id}/stations', 'get'>;
/** The application a station list belongs to. */
export type StationApplication = ApplicationStations['application'];
/** A group of GET shared-stations (spec 3: shared station group). */
export type SharedStationGroup = Schemas['SharedStationGroup'];
/** GET shared-stations. */
export type SharedStations = ApiAnswer<'/shared-stations', 'get'>;
/** PUT applications/{id}/stations/update-slug. */
export type SlugChange = ApiBody<'/applications/{id}/stations/update-slug', 'put'>;
/** The answer of PUT applications/{id}/stations/update-slug: the slug the server stored. */
export type SlugChangeAnswer = ApiAnswer<'/applications/{id}/stations/update-slug', 'put'>;

/** One Assistant task of the signed-in manager (spec 3), with its state. */
export type AssistantTask = Schemas['AssistantTask'];
/** Who completed a task: 'event' (proven by what happened) or 'manual' (marked Done). */
export type TaskCompletedBy = NonNullable<AssistantTask['completedBy']>;
/** The Assistant's support card (spec 3's supportCardDetails). */
export type SupportCardDetails = Schemas['SupportCardDetails'];
/**
 * GET user-tasks' data: completed (newest first), incomplete, the support card and the counts
 * (also in the x-biz-total-all and x-biz-left-to-complete headers).
 */
export type UserTasks = Schemas['UserTasks'];
/** POST user-tasks: marks a task Done by hand. */
export type CompleteTaskRequest = ApiBody<'/user-tasks', 'post'>;
/** The answer of POST user-tasks (201 when marked now, 200 when it was completed already). */
export type CompleteTaskAnswer = ApiAnswer<'/user-tasks', 'post'>;
/** PATCH user-tasks/support. */
export type SupportSettingRequest = ApiBody<'/user-tasks/support', 'patch'>;
/** POST user-tasks/send-support-request. */
export type SupportRequest = ApiBody<'/user-tasks/send-support-request', 'post'>;
/** The answer of POST user-tasks/send-support-request: the request's id and the message. */
export type SupportRequestAnswer = ApiAnswer<'/user-tasks/send-support-request', 'post'>;
