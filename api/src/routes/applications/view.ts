import type { FastifyBaseLogger } from 'fastify';
import { maskSecret } from '@pos/shared/rules';
import type { ApplicationRow } from '../../db/types';
import { lastAuthFailureOf } from '../../domain/applications/auth-failure';
import { authCallbackAddress } from '../../domain/applications/authorization';
import { credentialsOf, wpUserOf } from '../../domain/applications/credentials';
import { liveStateOf } from '../../domain/applications/live';
import { posPluginOf } from '../../domain/applications/plugin';
import { applicationStatus } from '../../domain/applications/status';
import type { StoreAccess } from '../../domain/store-access';
import type { Repositories } from '../../repositories';
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

/**
 * The wire shape of a stored application, without any store call. While it is authorizing it
 * names the callback address the store must reach (issue 27: an authorization that never comes
 * back is told with its likely causes).
 */
export function toApplication(
  row: ApplicationRow,
  access: Pick<StoreAccess, 'secrets' | 'posPublicUrl'>,
  now = new Date().toISOString(),
): Application {
  const status = applicationStatus(row, null, now);
  const authorizing = status.code === 'authorizing';
  return {
    id: row.id,
    name: row.name,
    homeUrl: row.home_url,
    slug: row.slug,
    authType: row.auth_type,
    authInProgress: authorizing,
    authCallbackUrl: authorizing ? authCallbackAddress(access) : null,
    ...masked(row, access.secrets),
    keysFail: { ...NO_KEYS_FAIL },
    isVerifiedAuth: row.is_verified_auth === 1,
    quickLaunchPOSId: null,
    wpUser: wpUserOf(row),
    status,
    posPlugin: posPluginOf(row),
    lastAuthFailure: lastAuthFailureOf(row),
    stationsCount: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The wire shape with the store asked live when the application is verified (see
 * liveStateOf): the WordPress user, the plugin found and, for a detail, the station count.
 * When the store cannot be reached or refuses the keys, the application reads as unverified,
 * with the reason in its status and `error`; the row is not touched.
 */
export async function toLiveApplication(
  row: ApplicationRow,
  access: StoreAccess,
  repos: Repositories,
  detail: boolean,
  log?: FastifyBaseLogger,
): Promise<Application> {
  const application = toApplication(row, access);
  if (!application.isVerifiedAuth) return application;
  const live = await liveStateOf(repos, row, access, detail, log);
  application.status = applicationStatus(row, live);
  if (live.ok) {
    application.wpUser = live.wpUser;
    application.stationsCount = live.stationsCount;
    application.posPlugin = live.posPlugin;
  } else {
    application.isVerifiedAuth = false;
    application.error = { message: live.message };
  }
  return application;
}
