import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Storage conventions, the same on SQLite and PostgreSQL:
 * - timestamps are ISO-8601 UTC text with milliseconds (`2024-05-01T10:00:00.000Z`), so that
 *   text order is time order and both dialects compare them alike;
 * - booleans are integers 0/1;
 * - JSON values are text.
 */
export type IsoTimestamp = string;
/** 0 or 1. */
export type IntBool = number;

/**
 * users: one row per login-provider account. (The table still has orders_count,
 * orders_count_month and orders_count_today from 0001_initial, defaulting to 0 and read by
 * nothing: the admin panel counts the users' orders instead.)
 */
export interface UsersTable {
  id: string;
  sub: string;
  email: string | null;
  full_name: string | null;
  is_admin: IntBool;
  is_verified: IntBool;
  user_role: 'manager' | 'other';
  block: 'block' | 'unblock';
  subscription_type: 'cloud' | 'self' | 'one';
  created_at: IsoTimestamp;
  last_access_at: IsoTimestamp | null;
  /** lower(full name + ' ' + email): what the admin filter searches. */
  search_text: string;
}

/** user_settings: the dashboard settings of a user. */
export interface UserSettingsTable {
  user_id: string;
  /** JSON object keyed `{applicationId}/{posID}` → true. */
  quick_launch_pos_ids: string;
  show_assistant_in_pos: IntBool;
  first_task_completed: IntBool;
  /**
   * Whether the Assistant's support card shows the new-ticket form (PATCH
   * /user-tasks/support); 0 until set (migration 0019_assistant_tasks).
   */
  support_new_ticket: ColumnType<IntBool, IntBool | undefined, IntBool>;
}

/** plans: the subscription plans on offer. */
export interface PlansTable {
  id: string;
  name: string;
  access_type: 'public' | 'private';
  role_type: 'manager' | 'cashier';
  is_free: IntBool;
  is_manager_plan: IntBool;
  per_month: number;
  up_to: number | null;
  included: number;
  per_excess: number;
  sort_order: number;
}

/** plan_grants: private plans offered to a given user. */
export interface PlanGrantsTable {
  plan_id: string;
  user_id: string;
}

/** subscriptions: the current plan of a user. */
export interface SubscriptionsTable {
  user_id: string;
  plan_id: string;
  cancel_date: IsoTimestamp | null;
  /** JSON array of {id, number, invoice_pdf, hosted_invoice_url}, from invoice webhooks. */
  past_due_invoices: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** The Stripe subscription of a paid plan (sub_…); null on a free plan. */
  stripe_subscription_id: ColumnType<string | null, string | null | undefined>;
  /** Stripe's status of it (active, past_due, …). */
  stripe_status: ColumnType<string | null, string | null | undefined>;
  /** When the paid period ends. */
  current_period_end: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
  /** When `plan_id` last changed; null before migration 0017_usage_ledger (read as the month's start). */
  plan_started_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
}

/** billing_customers: the one Stripe customer of a user. */
export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  /** The customer's default card (pm_…); null when none is on file. */
  default_payment_method: string | null;
  created_at: IsoTimestamp;
}

/** stripe_events: webhook events already applied (by Stripe's event id). */
export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: IsoTimestamp;
}

/** activities: the activity feed. */
export interface ActivitiesTable {
  id: string;
  user_id: string;
  name: string;
  feed_type: string;
  link: string | null;
  link_name: string | null;
  created_at: IsoTimestamp;
  /** Position in the owner's hash chain: 1, 2, 3… (issue 12 §3). */
  seq: number;
  /** The hash of the owner's previous entry (64 zeros for the first). */
  prev_hash: string;
  /** SHA-256 hex of the entry's canonical encoding, chained through prev_hash. */
  hash: string;
}

/** activity_heads: the newest entry of each owner's chain, locked by every append. */
export interface ActivityHeadsTable {
  user_id: string;
  seq: number;
  hash: string;
  /**
   * The hash before the head's last move (the newest entry's prev_hash): PostgreSQL's append
   * moves the head and hashes the entry in one upsert and reads it back from there. Null for a
   * head older than the column.
   */
  prev_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** live_ticket_uses: the ids (jti) of the live tickets that opened a stream, until they expire. */
export interface LiveTicketUsesTable {
  jti: string;
  expires_at: IsoTimestamp;
}

/**
 * ended_sessions: the login-provider sessions signed out here (issue 25), by their key (see
 * `sessionKeyOf`), until their tokens would be refused anyway (`expires_at`, the session's nra).
 */
export interface EndedSessionsTable {
  session_key: string;
  ended_at: IsoTimestamp;
  expires_at: IsoTimestamp;
}

/**
 * rate_limits: the attempt counter of one limit and key for the window ending at `expire` (ms
 * since the epoch; PostgreSQL's bigint comes back as a string).
 */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: ColumnType<number | string, number, number>;
}

/**
 * signing_keys: the api's ES256 keys shared by every instance, newest generation signing from
 * `signs_from`; `private_jwk` is sealed with the store secret box.
 */
export interface SigningKeysTable {
  kid: string;
  generation: number;
  /** The public JWK (JSON). */
  public_jwk: string;
  /** The private JWK (JSON), sealed (context `signing_keys:{kid}`). */
  private_jwk: string;
  created_at: IsoTimestamp;
  signs_from: IsoTimestamp;
}

/**
 * activity_verify_checkpoints: the last entry (seq, hash) of the owner's chain that a verify
 * found intact, and when a verify last ran (one per owner per minute).
 */
export interface ActivityVerifyCheckpointsTable {
  user_id: string;
  seq: number;
  hash: string;
  last_run_at: IsoTimestamp;
}

/**
 * activity_chain_key: one row (id 1), the check value of the key the activity chain is keyed
 * with (an HMAC of a fixed text, see activityChainKeyCheck): an instance with another key
 * refuses to start instead of writing entries no other instance can verify.
 */
export interface ActivityChainKeyTable {
  id: number;
  key_check: string;
}

/** live_events: what the live stream tells each user, kept an hour for reconnects. */
export interface LiveEventsTable {
  id: Generated<number>;
  user_id: string;
  /** 'orders', 'activity' or 'tasks'. */
  kind: string;
  /** JSON of the event's data. */
  data: string;
  created_at: IsoTimestamp;
}

/** applications: a WooCommerce site a manager connects (one row per site and user). */
export interface ApplicationsTable {
  id: string;
  user_id: string;
  name: string;
  /** Normalised URL of the site (lowercase scheme and host, no default port, no trailing slash). */
  home_url: string;
  /** What makes two URLs the same site (host, port and path, lowercased): unique per user. */
  home_url_key: string;
  /** Globally unique, from the name. */
  slug: string;
  auth_type: 'account' | 'keys';
  is_verified_auth: IntBool;
  /** The store's id of the REST key (known when the store created it through wc-auth). */
  key_id: number | null;
  /** Consumer key and secret sealed by the secret box (never plain text). */
  consumer_key_enc: string | null;
  consumer_secret_enc: string | null;
  /** JSON of the WordPress user the keys belong to. */
  wp_user: string | null;
  /** SHA-256 (base64url) of the pending authorization token; the token itself is never stored. */
  auth_token_hash: string | null;
  auth_token_expires_at: IsoTimestamp | null;
  /** Dashboard path the store sends the browser back to. */
  auth_return_path: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** When the store's POS users were last copied into application_members; null: never. */
  members_synced_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
  /** When a copy of the store's POS users was last tried (successful or not); null: never. */
  members_sync_attempted_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
  /** Whether the store's `/wp-json/` lists the Cloud POS plugin's namespace; null: never checked. */
  pos_plugin_active: ColumnType<IntBool | null, IntBool | null | undefined>;
  /** When the plugin was last looked for; null: never. */
  pos_plugin_checked_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
  /** WooCommerce's version as system_status last gave it; null: never read. */
  wc_version: ColumnType<string | null, string | null | undefined>;
  /** JSON of the last failed authorization ({reason, message, nextStep, at}); null after a success. */
  last_auth_failure: ColumnType<string | null, string | null | undefined>;
}

/** application_invitations: invitations sent to a store's WordPress user, per application. */
export interface ApplicationInvitationsTable {
  application_id: string;
  wp_user_id: number;
  count: number;
  last_sent_at: IsoTimestamp | null;
}

/** station_slugs: the cloud POS slug of a station; no row means the slug is its pos_id. */
export interface StationSlugsTable {
  application_id: string;
  /** The store's station id, as text. */
  pos_id: string;
  /** 'pos' marks the default station. */
  slug: string;
  updated_at: IsoTimestamp;
}

/** application_members: the store's POS users of a verified application. */
export interface ApplicationMembersTable {
  application_id: string;
  wp_user_id: number;
  /** Lower-cased. */
  email: string;
  name: string;
  /** JSON array of the store roles. */
  roles: string;
  synced_at: IsoTimestamp;
  /**
   * When the user last opened one of this application's stations as its member (the Staff
   * page's Last Access); null: never. Not written by the member sync.
   */
  last_access_at: ColumnType<IsoTimestamp | null, IsoTimestamp | null | undefined>;
}

/** The whole schema as Kysely sees it. */
/** orders: one row per store order (money in integer cents, times ISO 8601 UTC). */
export interface OrdersTable {
  id: string;
  application_id: string;
  store_order_id: number;
  status: string;
  total_cents: number;
  /** Cents refunded so far, the sum of the order's refunds (migration 0029_order_refunds). */
  refunded_cents: ColumnType<number, number | undefined, number>;
  currency: string;
  created_at: string;
  modified_at: string;
  /** 'pos' or 'web'. */
  channel: string;
  station_pos_id: number | null;
  /** The station's name from the order's meta (migration 0016_order_station_names). */
  station_name: ColumnType<string | null, string | null | undefined, string | null>;
  cashier_wp_user_id: number | null;
  cashier_name: string | null;
  deleted: ColumnType<number, number | undefined, number>;
}

/** order_sync: an application's webhooks (ids, sealed secret) and its reconcile progress. */
export interface OrderSyncTable {
  application_id: string;
  webhook_secret_enc: string;
  /** JSON list of WooCommerce webhook ids. */
  webhook_ids: ColumnType<string, string | undefined, string>;
  registered_at: string | null;
  backfilled_at: string | null;
  reconciled_at: string | null;
  /** Newest date_modified seen (ISO 8601 UTC): where reconcile starts. */
  last_modified_at: string | null;
}

/** webhook_deliveries: customer.created / product.created deliveries already handled. */
export interface WebhookDeliveriesTable {
  application_id: string;
  delivery_key: string;
  created_at: string;
}

/**
 * webhook_delivery_ids: the WooCommerce deliveries already processed (X-WC-Webhook-Delivery-ID
 * and the SHA-256 hex of the signed body), so an exact replay is refused; pruned by age.
 */
export interface WebhookDeliveryIdsTable {
  application_id: string;
  delivery_id: string;
  body_hash: string;
  received_at: IsoTimestamp;
}

/**
 * application_shares: who an owner shared an application with from the dashboard (lower-cased
 * email). Only a store user whose email is shared is a member who reaches its stations.
 */
export interface ApplicationSharesTable {
  application_id: string;
  email: string;
  shared_at: IsoTimestamp;
  /** 'invitation' | 'staff' | 'demo' | 'used' (kept by migration 0027: it had been used). */
  via: string;
}

/**
 * usage_ledger: every store order an owner had, kept when its application is deleted (the
 * store is the application's `home_url_key`); what plan limits and excess count.
 */
export interface UsageLedgerTable {
  user_id: string;
  store_key: string;
  store_order_id: number;
  /** The order's created time (ISO 8601 UTC). */
  created_at: string;
  deleted: ColumnType<number, number | undefined, number>;
}

/** What became of an excess order's report. */
export type UsageReportStatus = 'pending' | 'reported' | 'failed' | 'skipped';

/**
 * usage_reports: the excess orders of paid plans to report as metered usage (an outbox), keyed
 * like usage_ledger, so a store reconnected under a new application reports nothing twice.
 */
export interface UsageReportsTable {
  user_id: string;
  store_key: string;
  store_order_id: number;
  order_created_at: string;
  created_at: string;
  /** pending; reported; failed (refused for good, not retried); skipped (deleted before). */
  status: ColumnType<UsageReportStatus, UsageReportStatus | undefined, UsageReportStatus>;
  /** When the payments provider took it; null until then. */
  reported_at: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: string;
}

/**
 * staff_claims: a POST /staff/users in progress for (application, lower-cased email), so one
 * email is never sent to the store twice at once (migration 0018_staff_claims).
 */
export interface StaffClaimsTable {
  application_id: string;
  email: string;
  /** Who holds the claim: only its holder releases it. */
  token: string;
  claimed_at: IsoTimestamp;
}

/**
 * assistant_tasks: the Assistant's task catalogue (issue 14), seeded by migration
 * 0019_assistant_tasks (see db/assistant-tasks.ts).
 */
export interface AssistantTasksTable {
  /** A readable id such as 'choose-plan'. */
  id: string;
  name: string;
  description: string;
  completion_btn_text: string;
  /** A dashboard path; may hold `{applicationId}`. */
  completion_link: string | null;
  /** Opened in a new tab. */
  external_link: string | null;
  /** Opened in the shell's onboarding iframe overlay. */
  iframe_link: string | null;
  /** The task that must be completed first, or null. */
  dependency: string | null;
  scope: 'user' | 'application';
  sort_order: number;
  created_at: IsoTimestamp;
}

/**
 * user_tasks: one row per (user, task) the user completed, proven by an event or marked Done
 * by hand; no row means incomplete (migration 0019_assistant_tasks).
 */
export interface UserTasksTable {
  id: string;
  user_id: string;
  assistant_task_id: string;
  /** The user's application it was completed for (null: none, or the application is gone). */
  application_id: string | null;
  completed_at: IsoTimestamp;
  completed_by: 'event' | 'manual';
  /** What proved it (a feed type such as 'stationOpened', or 'planStored', 'cardAttached', …); null when manual. */
  event_kind: string | null;
}

/** support_requests: the support requests mailed, counted for the hourly limit. */
export interface SupportRequestsTable {
  id: string;
  user_id: string;
  subject: string;
  created_at: IsoTimestamp;
}

/**
 * remote_releases: one immutable build of a remote (issue 31). `shared`, `built_against` and
 * `sizes` are JSON text (see domain/releases/types.ts).
 */
export interface RemoteReleasesTable {
  id: string;
  remote: string;
  version: string;
  commit_sha: string;
  content_hash: string;
  entry_url: string;
  shared: string;
  built_against: string;
  sizes: string;
  /** JSON of the release's slots (ReleaseSlots); null: the static remotes.json's (0030). */
  slots: string | null;
  published_by: string;
  published_at: IsoTimestamp;
}

/** remote_release_state: what one remote serves now. */
export interface RemoteReleaseStateTable {
  remote: string;
  live_release_id: string | null;
  previous_release_id: string | null;
  canary_release_id: string | null;
  canary_share: ColumnType<number, number | undefined, number>;
  updated_at: IsoTimestamp;
}

/** remote_release_events: the audit of the releases' changes. */
export interface RemoteReleaseEventsTable {
  id: string;
  remote: string;
  action: string;
  from_release_id: string | null;
  to_release_id: string | null;
  share: number | null;
  actor: string;
  reason: string | null;
  at: IsoTimestamp;
}

/** remote_release_reports: the shell's load/mount beacons of one release. */
export interface RemoteReleaseReportsTable {
  id: string;
  release_id: string;
  outcome: string;
  at: IsoTimestamp;
}

export interface Database {
  users: UsersTable;
  user_settings: UserSettingsTable;
  plans: PlansTable;
  plan_grants: PlanGrantsTable;
  subscriptions: SubscriptionsTable;
  activities: ActivitiesTable;
  activity_heads: ActivityHeadsTable;
  live_events: LiveEventsTable;
  live_ticket_uses: LiveTicketUsesTable;
  ended_sessions: EndedSessionsTable;
  signing_keys: SigningKeysTable;
  activity_verify_checkpoints: ActivityVerifyCheckpointsTable;
  activity_chain_key: ActivityChainKeyTable;
  applications: ApplicationsTable;
  application_invitations: ApplicationInvitationsTable;
  station_slugs: StationSlugsTable;
  application_members: ApplicationMembersTable;
  billing_customers: BillingCustomersTable;
  stripe_events: StripeEventsTable;
  orders: OrdersTable;
  order_sync: OrderSyncTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_ids: WebhookDeliveryIdsTable;
  application_shares: ApplicationSharesTable;
  usage_reports: UsageReportsTable;
  usage_ledger: UsageLedgerTable;
  staff_claims: StaffClaimsTable;
  assistant_tasks: AssistantTasksTable;
  user_tasks: UserTasksTable;
  support_requests: SupportRequestsTable;
  rate_limits: RateLimitsTable;
  remote_releases: RemoteReleasesTable;
  remote_release_state: RemoteReleaseStateTable;
  remote_release_events: RemoteReleaseEventsTable;
  remote_release_reports: RemoteReleaseReportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PlanRow = Selectable<PlansTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type SettingsRow = Selectable<UserSettingsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type ApplicationUpdate = Updateable<ApplicationsTable>;
export type StationSlugRow = Selectable<StationSlugsTable>;
export type MemberRow = Selectable<ApplicationMembersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderSyncRow = Selectable<OrderSyncTable>;
export type AssistantTaskRow = Selectable<AssistantTasksTable>;
export type UserTaskRow = Selectable<UserTasksTable>;
