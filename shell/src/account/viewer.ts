import type { AuthTokenClaims, Viewer } from '@pos/shared';
import type { Account } from './useAccountState';

/** Spec 2.10: what the profile shows when the name or email is unknown. */
export const NAME_FALLBACK = 'Name not specified';
export const EMAIL_FALLBACK = 'Email not specified';

/** The viewer parcels and guards see: role from settings, admin from the token, ban from the api. */
export function toViewer(account: Account, claims: AuthTokenClaims | null): Viewer {
  return {
    userRole: account.settings.userRole === 'manager' ? 'manager' : 'other',
    isAdmin: claims?.isAdmin === true,
    isBanned: account.isBanned,
    fullName: account.user?.fullName?.trim() || null,
    email: account.user?.email?.trim() || null,
  };
}
