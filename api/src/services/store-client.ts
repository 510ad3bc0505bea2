/**
 * The client of WooCommerce stores, as the rest of the api imports it. It lives in
 * `./store/`: the store's entities (model), errors, the address guard against SSRF, the
 * authentication (OAuth 1.0a or Basic), the HTTP transport, the JSON mapping and the client.
 */
export type {
  NewStoreUser,
  PosAccessRemoval,
  SiteInfo,
  StationChange,
  StoreConnection,
  StoreCredentials,
  StoreInvitation,
  StoreStation,
  StoreSystemStatus,
  WpUser,
} from './store/model';
export { mayOpen } from './store/model';
export { StoreHttpError, StoreUnreachableError } from './store/errors';
export type { StoreClient, StoreClientOptions } from './store/client';
export {
  createStoreClient,
  MAX_STORE_USERS,
  POS_PLUGIN_NAMESPACE,
  WC_NAMESPACE,
} from './store/client';
