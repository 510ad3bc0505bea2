/** Spec 4, 9: an unconfirmed email is to be confirmed within 14 days of registering. */
export const EMAIL_CONFIRM_DAYS = 14;

const DAY_MS = 86_400_000;

/**
 * Whole days left to confirm the email of an account registered at `registeredAt` (ISO 8601):
 * 14 on the day of registering, 0 once the 14 days are over (never negative). An unreadable
 * date counts as registered now, so the banner never claims the time ran out by mistake.
 */
export function confirmDaysLeft(registeredAt: string, now: Date = new Date()): number {
  const registered = Date.parse(registeredAt);
  if (Number.isNaN(registered)) return EMAIL_CONFIRM_DAYS;
  const deadline = registered + EMAIL_CONFIRM_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((deadline - now.getTime()) / DAY_MS));
}

/** The banner's sentence on the deadline: how many of the 14 days are left, or that none are. */
export function confirmDeadlineText(daysLeft: number): string {
  const within = `Please confirm it within ${EMAIL_CONFIRM_DAYS} days of registering`;
  if (daysLeft <= 0) return `${within}: the ${EMAIL_CONFIRM_DAYS} days are over, confirm it now.`;
  return `${within}: ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left.`;
}
