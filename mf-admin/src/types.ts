import type {
  AdminUserList,
  AdminUserRow,
  BlockStatus,
  Period,
  SubscriptionType,
} from '@pos/shared';

export type { AdminUserList, AdminUserRow, BlockStatus, Period, SubscriptionType };

/** Spec 9: the admin user list shows 10 users per page. */
export const ADMIN_PAGE_SIZE = 10;

/** Spec 9: the filter waits this long after the last keystroke before it queries. */
export const FILTER_DEBOUNCE_MS = 500;

/** The subscription types an admin can set (spec 6, 9), in the spec's order. */
export const SUBSCRIPTION_TYPES: readonly SubscriptionType[] = ['cloud', 'self', 'one'];

/** A range of whole months, start not after end. */
export interface PeriodRange {
  start: Period;
  end: Period;
}

/** What the user list is asked for. */
export interface AdminUsersQuery {
  /** From 1. */
  page: number;
  /** Part of a name or email; empty for everyone. */
  filter: string;
  /** Only users created within these months, when given. */
  range: PeriodRange | null;
}
