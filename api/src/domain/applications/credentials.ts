import type { ApplicationRow } from '../../db/types';
import type { SecretBox } from '../../services/secret-box';
import type { StoreCredentials, WpUser } from '../../services/store-client';
import type { StoreAccess } from '../store-access';

/** Why an application's stations cannot be asked for: it has no working keys. */
export const NOT_AUTHORIZED_MESSAGE = 'The application is not authorized.';

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

/**
 * The stored keys of a verified application, or null (unverified, or none stored). Throws
 * SecretBoxError when they cannot be read.
 */
export function verifiedCredentials(
  row: ApplicationRow,
  access: Pick<StoreAccess, 'secrets'>,
): StoreCredentials | null {
  if (row.is_verified_auth !== 1) return null;
  return credentialsOf(row, access.secrets);
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
