import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { NEVER } from './texts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec 2.6: how Last Access is written. */
export const LAST_ACCESS_FORMAT = 'YYYY/MM/DD HH:mm';

/** The viewer's IANA time zone (the browser's). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A staff user's last access as spec 2.6 writes it, `YYYY/MM/DD HH:mm`, in `timeZone` (the
 * viewer's unless told); '—' when they never signed in to the dashboard, or the time does not
 * read as one.
 */
export function formatLastAccess(
  lastAccess: string | null | undefined,
  timeZone: string = viewerTimeZone(),
): string {
  if (!lastAccess) return NEVER;
  const when = dayjs(lastAccess);
  return when.isValid() ? when.tz(timeZone).format(LAST_ACCESS_FORMAT) : NEVER;
}
