/** A WordPress user as the store's POS plugin describes it. */
export interface WpUser {
  id: number;
  username: string;
  email: string;
  name: string;
  roles: string[];
}

/** What `GET pos-connect/v1/connection` tells about a key and its site. */
export interface StoreConnection {
  homeUrl: string;
  siteName: string;
  keyPermissions: string;
  user: WpUser;
  multipleUserPluginActive: boolean;
}

/** A POS station of the store. */
export interface StoreStation {
  posId: number;
  name: string;
  /** The station's POS page on the store (`{home}/pos/{pos_id}`). */
  url: string;
  /** The store's copy of the dashboard's slug; null when never set. */
  cloudSlug: string | null;
  /** The store's copy of the default flag. */
  isDefault: boolean;
  /** WP user ids that may open the station; null: every POS user of the store. */
  users: number[] | null;
  /** The station's free-form settings. */
  settings: Record<string, unknown>;
}

/** What the dashboard tells the store about a station. */
export interface StationChange {
  /** 'pos' (the default), a custom slug, or null: the station is back to its own id. */
  cloudSlug: string | null;
  isDefault: boolean;
}

/** Whether `user` may open `station` (listed, or the station is open to every POS user). */
export function mayOpen(station: Pick<StoreStation, 'users'>, wpUserId: number | null): boolean {
  if (station.users === null) return true;
  return wpUserId !== null && station.users.includes(wpUserId);
}

/** What `GET /wp-json/` tells about a site (no credentials needed). */
export interface SiteInfo {
  name: string;
  /** The site's home URL as WordPress knows it (the index's `home`); '' when not given. */
  home: string;
  namespaces: string[];
}

/** The fields of WooCommerce core's `GET wc/v3/system_status` the dashboard reads. */
export interface StoreSystemStatus {
  /** `environment.home_url`: the site's home URL (WordPress's `home` option). */
  homeUrl: string;
  /** `environment.site_url`: where WordPress itself lives (the `siteurl` option). */
  siteUrl: string;
  /** `environment.version`: WooCommerce's version. */
  wcVersion: string;
}

/** A consumer key and secret of the store's REST API. */
export interface StoreCredentials {
  consumerKey: string;
  consumerSecret: string;
}

/** A staff user the POS plugin creates in the store (`POST pos-connect/v1/users`). */
export interface NewStoreUser {
  /** Display name; the store splits it into first and last name at the first space. */
  name: string;
  email: string;
  /** One of the POS roles (administrator, shop_manager, cashier, kiosk). */
  role: string;
}

/** What `DELETE pos-connect/v1/users/{id}/pos-access` answers. */
export interface PosAccessRemoval {
  removed: boolean;
  /** The user after the change: no POS role left. */
  user: WpUser;
}

/** The invitation the POS plugin mails to a WordPress user. */
export interface StoreInvitation {
  userId: number;
  inviterName: string;
  appName: string;
  signupUrl: string;
}
