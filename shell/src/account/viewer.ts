import type { AuthTokenClaims, Viewer } from '@pos/shared';
import type { Account } from './useAccountState';

/** The viewer parcels and guards see: role from settings, admin from the token, ban from the api. */
export function toViewer(
  account: {
    settings: Pick<Account['settings'], 'userRole'>;
    user: Pick<NonNullable<Account['user']>, 'fullName' | 'email'> | null;
    isBanned: boolean;
  },
  claims: AuthTokenClaims | null,
): Viewer {
  return {
    userRole: account.settings.userRole === 'manager' ? 'manager' : 'other',
    isAdmin: claims?.isAdmin === true,
    isBanned: account.isBanned,
    fullName: account.user?.fullName?.trim() || null,
    email: account.user?.email?.trim() || null,
  };
}
