import type { ApplicationRow } from '../../../src/db/types';
import {
  memberEmail,
  membersFresh,
  SYNC_FRESH_FOR_MS,
  SYNC_RETRY_AFTER_MS,
  syncTriedRecently,
} from '../../../src/domain/members/sync';

const NOW = Date.parse('2026-01-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const row = (stamps: Partial<ApplicationRow>) =>
  ({ members_synced_at: null, members_sync_attempted_at: null, ...stamps }) as ApplicationRow;

describe('memberEmail', () => {
  it('matches store users by a verified email only', () => {
    expect(memberEmail({ email: 'a@shop.example', is_verified: 1 })).toBe('a@shop.example');
    expect(memberEmail({ email: 'a@shop.example', is_verified: 0 })).toBeNull();
    expect(memberEmail({ email: null, is_verified: 1 })).toBeNull();
  });
});

describe('membersFresh', () => {
  it('is true for five minutes after a copy', () => {
    expect(membersFresh(row({}), NOW)).toBe(false);
    expect(membersFresh(row({ members_synced_at: ago(SYNC_FRESH_FOR_MS - 1) }), NOW)).toBe(true);
    expect(membersFresh(row({ members_synced_at: ago(SYNC_FRESH_FOR_MS) }), NOW)).toBe(false);
  });
});

describe('syncTriedRecently', () => {
  it('holds a failed store back for ten minutes', () => {
    expect(syncTriedRecently(row({}), NOW)).toBe(false);
    expect(
      syncTriedRecently(row({ members_sync_attempted_at: ago(SYNC_RETRY_AFTER_MS - 1) }), NOW),
    ).toBe(true);
    expect(
      syncTriedRecently(row({ members_sync_attempted_at: ago(SYNC_RETRY_AFTER_MS) }), NOW),
    ).toBe(false);
  });
});
