import dayjs from 'dayjs';
import type { SubscriptionType, UserRole } from '@pos/shared';

/** The admin table's date format (YYYY/MM/DD), in the viewer's time zone. */
export function formatCreatedAt(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY/MM/DD') : '';
}

/** Display names of the subscription types. */
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  cloud: 'Cloud',
  self: 'Self',
  one: 'One',
};

/** Display names of the user roles, in the spec's words (section 6). */
export const USER_ROLE_LABELS: Record<UserRole, string> = {
  manager: 'Manager',
  other: 'Non-manager',
};
