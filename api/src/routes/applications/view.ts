import { maskSecret } from '@pos/shared/rules';
import type { ApplicationRow } from '../../db/types';
import { credentialsOf, wpUserOf } from '../../domain/applications/credentials';
import { liveStateOf } from '../../domain/applications/live';
import type { StoreAccess } from '../../domain/store-access';
import { SecretBoxError } from '../../services/secret-box';
import type { SecretBox } from '../../services/secret-box';
import type { Application } from './schemas/entities';

/** The keysFail of an application whose last key check did not fail. */
export const NO_KEYS_FAIL = { hasError: false, displayError: null } as const;

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
  const live = await liveStateOf(row, access, detail);
  if (live.ok) {
    application.wpUser = live.wpUser;
    application.stationsCount = live.stationsCount;
  } else {
    application.isVerifiedAuth = false;
    application.error = { message: live.message };
  }
  return application;
}
