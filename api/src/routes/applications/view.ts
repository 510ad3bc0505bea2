import type { ApplicationRow } from '../../db/types';
import { maskSecret } from '@pos/shared/rules';
import { SecretBoxError } from '../../services/secret-box';
import type { SecretBox } from '../../services/secret-box';
import type { StoreCredentials, WpUser } from '../../services/store-client';
import { StoreHttpError, StoreUnreachableError } from '../../services/store-client';
import type { StoreAccess } from './context';
import type { Application } from './schemas/entities';

/** The keysFail of an application whose last key check did not fail. */
export const NO_KEYS_FAIL = { hasError: false, displayError: null } as const;

/** The host (and port) of a stored home URL, as messages name it. */
export function hostOf(homeUrl: string): string {
  return new URL(homeUrl).host;
}

/** Additional data context of a sealed column, so a value cannot be moved to another row. */
export const sealContext = (applicationId: string, column: 'consumer_key' | 'consumer_secret') =>
  `${applicationId}:${column}`;

/** The stored keys in clear, or null when the application has none. Throws SecretBoxError. */
export function credentialsOf(row: ApplicationRow, secrets: SecretBox): StoreCredentials | null {
  if (!row.consumer_key_enc || !row.consumer_secret_enc) return null;
  return {
    consumerKey: secrets.open(row.consumer_key_enc, sealContext(row.id, 'consumer_key')),
    consumerSecret: secrets.open(row.consumer_secret_enc, sealContext(row.id, 'consumer_secret')),
  };
}

/** The stored WordPress user, or null. */
export function wpUserOf(row: ApplicationRow): WpUser | null {
  if (!row.wp_user) return null;
  try {
    return JSON.parse(row.wp_user) as WpUser;
  } catch {
    return null;
  }
}

/** The text shown when a store call with the stored keys failed (spec 8 bubble). */
export function storeFailureText(error: unknown, homeUrl: string): string {
  if (error instanceof StoreUnreachableError) {
    return `The store at ${hostOf(homeUrl)} could not be reached`;
  }
  if (error instanceof StoreHttpError) {
    if (error.rejected) return `The store rejected the stored keys: ${error.message}`;
    return `The store at ${hostOf(homeUrl)} answered with an error: ${error.message}`;
  }
  if (error instanceof SecretBoxError) {
    return 'The stored keys could not be read; connect the store again';
  }
  throw error;
}

/** {@link storeFailureText}, or null for an error that is none of the store's known failures. */
export function knownStoreFailureText(error: unknown, homeUrl: string): string | null {
  try {
    return storeFailureText(error, homeUrl);
  } catch {
    return null;
  }
}

function masked(
  row: ApplicationRow,
  secrets: SecretBox,
): Pick<Application, 'consumerKey' | 'consumerSecret'> {
  try {
    const credentials = credentialsOf(row, secrets);
    if (!credentials) return { consumerKey: null, consumerSecret: null };
    return {
      consumerKey: maskSecret(credentials.consumerKey),
      consumerSecret: maskSecret(credentials.consumerSecret),
    };
  } catch (error) {
    if (error instanceof SecretBoxError) return { consumerKey: null, consumerSecret: null };
    throw error;
  }
}

/** The wire shape of a stored application, without any store call. */
export function toApplication(
  row: ApplicationRow,
  secrets: SecretBox,
  now = new Date().toISOString(),
): Application {
  return {
    id: row.id,
    name: row.name,
    homeUrl: row.home_url,
    slug: row.slug,
    authType: row.auth_type,
    authInProgress: Boolean(
      row.auth_token_hash && row.auth_token_expires_at && row.auth_token_expires_at > now,
    ),
    ...masked(row, secrets),
    keysFail: { ...NO_KEYS_FAIL },
    isVerifiedAuth: row.is_verified_auth === 1,
    quickLaunchPOSId: null,
    wpUser: wpUserOf(row),
    stationsCount: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The wire shape with the store asked live when the application is verified: the
 * connection (and, for a detail, the station count). When the store cannot be reached or
 * refuses the keys, the application reads as unverified with `error`; the row is not touched.
 */
export async function toLiveApplication(
  row: ApplicationRow,
  access: StoreAccess,
  detail: boolean,
): Promise<Application> {
  const application = toApplication(row, access.secrets);
  if (!application.isVerifiedAuth) return application;
  try {
    const credentials = credentialsOf(row, access.secrets);
    if (!credentials) throw new SecretBoxError('no keys stored');
    const [connection, stations] = await Promise.all([
      access.store.connection(row.home_url, credentials),
      detail ? access.store.stations(row.home_url, credentials) : Promise.resolve(null),
    ]);
    application.wpUser = connection.user;
    if (stations) application.stationsCount = stations.length;
  } catch (error) {
    application.isVerifiedAuth = false;
    application.stationsCount = null;
    application.error = { message: storeFailureText(error, row.home_url) };
  }
  return application;
}
