import type { SecretBox } from '../services/secret-box';
import type { StoreClient } from '../services/store-client';

/** What the application rules, the routes and the POS host need besides the repositories. */
export interface StoreAccess {
  store: StoreClient;
  secrets: SecretBox;
  /** Where stores send the browser back (DASHBOARD_ORIGIN). */
  dashboardOrigin: string;
  /** Base of the wc-auth callback_url (POS_PUBLIC_URL). */
  posPublicUrl: string;
  /** STORE_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  /** Where invited users sign up (the login provider). */
  loginProviderUrl: string;
  /** Origin of the cloud POS addresses `{cloudPosUrl}/{appSlug}/{stationSlug}` (CLOUD_POS_URL). */
  cloudPosUrl: string;
  /** Days of orders a first backfill reads (ORDERS_BACKFILL_DAYS); null: this month. */
  ordersBackfillDays?: number | null;
  /**
   * Domain attribute of the cookies the dashboard and the cloud POS addresses share
   * (COOKIE_DOMAIN: the session cookie, the access-error cookie); null: host-only.
   */
  cookieDomain?: string | null;
}
