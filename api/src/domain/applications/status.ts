import type { ApplicationRow } from '../../db/types';
import type { LiveState } from './live';

/** Where an application stands with its store. */
export type ApplicationStatusCode = 'not-authorized' | 'authorizing' | 'authorized' | 'unverified';

/** The words every screen shows for each status. */
export const STATUS_LABELS = {
  'not-authorized': 'Not authorized',
  authorizing: 'Authorizing',
  authorized: 'Authorized',
  unverified: 'Unverified',
} as const satisfies Record<ApplicationStatusCode, string>;

/** The one status of an application, shown the same on every screen. */
export interface ApplicationStatus {
  code: ApplicationStatusCode;
  label: (typeof STATUS_LABELS)[ApplicationStatusCode];
  /** Why, when unverified (the live check's failure); null otherwise. */
  reason: string | null;
}

const statusOf = (
  code: ApplicationStatusCode,
  reason: string | null = null,
): ApplicationStatus => ({
  code,
  label: STATUS_LABELS[code],
  reason,
});

/**
 * The status of an application, from its stored state and, for a verified one, the live check
 * of its store (null when the store was not asked): verified and confirmed live (or not asked)
 * is authorized; verified but refused or unreachable live is unverified, with the reason; not
 * verified with an unexpired authorization token is authorizing; anything else is not
 * authorized. The only place the dashboard's statuses are decided.
 */
export function applicationStatus(
  row: Pick<ApplicationRow, 'is_verified_auth' | 'auth_token_hash' | 'auth_token_expires_at'>,
  live: LiveState | null,
  now = new Date().toISOString(),
): ApplicationStatus {
  if (row.is_verified_auth === 1) {
    return live && !live.ok ? statusOf('unverified', live.message) : statusOf('authorized');
  }
  if (row.auth_token_hash && row.auth_token_expires_at && row.auth_token_expires_at > now) {
    return statusOf('authorizing');
  }
  return statusOf('not-authorized');
}
