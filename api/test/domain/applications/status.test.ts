import { applicationStatus } from '../../../src/domain/applications/status';

const NOW = '2026-05-01T10:00:00.000Z';
const stored = (change: {
  is_verified_auth?: number;
  auth_token_hash?: string | null;
  auth_token_expires_at?: string | null;
}) => ({ is_verified_auth: 0, auth_token_hash: null, auth_token_expires_at: null, ...change });

const LIVE_OK = {
  ok: true as const,
  wpUser: null,
  stationsCount: null,
  posPlugin: { active: false, checkedAt: NOW },
};

describe('applicationStatus', () => {
  it('is authorized for a verified application its store confirms, or that was not asked', () => {
    const expected = { code: 'authorized', label: 'Authorized', reason: null };
    expect(applicationStatus(stored({ is_verified_auth: 1 }), LIVE_OK, NOW)).toEqual(expected);
    expect(applicationStatus(stored({ is_verified_auth: 1 }), null, NOW)).toEqual(expected);
  });

  it('is unverified, with the live check’s reason, when the store refuses or cannot be reached', () => {
    const live = { ok: false as const, message: 'The store at shop.example could not be reached' };
    expect(applicationStatus(stored({ is_verified_auth: 1 }), live, NOW)).toEqual({
      code: 'unverified',
      label: 'Unverified',
      reason: 'The store at shop.example could not be reached',
    });
  });

  it('is authorizing while an unexpired token waits for the store, not authorized otherwise', () => {
    const pending = stored({
      auth_token_hash: 'h',
      auth_token_expires_at: '2026-05-01T10:05:00.000Z',
    });
    expect(applicationStatus(pending, null, NOW)).toEqual({
      code: 'authorizing',
      label: 'Authorizing',
      reason: null,
    });
    const expired = stored({
      auth_token_hash: 'h',
      auth_token_expires_at: '2026-05-01T09:59:59.999Z',
    });
    const notAuthorized = { code: 'not-authorized', label: 'Not authorized', reason: null };
    expect(applicationStatus(expired, null, NOW)).toEqual(notAuthorized);
    expect(applicationStatus(stored({}), null, NOW)).toEqual(notAuthorized);
  });
});
