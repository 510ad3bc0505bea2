import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A refused analytics input (bad date, time zone or range); the route answers 400 with it. */
export class AnalyticsInputError extends Error {
  override readonly name = 'AnalyticsInputError';
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The canonical IANA name of `tz` ('utc' reads as 'UTC'), or an {@link AnalyticsInputError}
 * for a name the runtime's time-zone database does not know.
 */
export function canonicalTimeZone(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new AnalyticsInputError(`tz must be an IANA time zone name (such as Europe/Berlin)`);
  }
}

/** Whether `date` is a `YYYY-MM-DD` naming a real day (2024-02-31 is not one). */
export function isCalendarDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00.000Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** `date`, or an {@link AnalyticsInputError} naming the parameter when it is no real day. */
export function calendarDate(name: string, date: string): string {
  // Orders have no earlier days, and Date.UTC reads years below 100 as 19xx.
  if (!isCalendarDate(date) || date < '1970-01-01') {
    throw new AnalyticsInputError(`${name} must be a real calendar date (YYYY-MM-DD) from 1970 on`);
  }
  return date;
}

/** The calendar day `days` after `date` (both `YYYY-MM-DD`; plain calendar arithmetic). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`), 0 when they are the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS,
  );
}

/** The first day of the month after the one of `date` (`YYYY-MM-DD`). */
export function nextMonthStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${date.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Today's date in `tz` at `now`. */
export function todayIn(tz: string, now: Date): string {
  return dayjs(now).tz(tz).format('YYYY-MM-DD');
}

/**
 * The instant (ISO-8601 UTC, as orders.created_at stores it) at which day `date` begins in
 * `tz`. Where the day starts inside a daylight-saving gap, dayjs moves to the first real time.
 */
export function dayStartUtc(date: string, tz: string): string {
  return dayjs.tz(`${date}T00:00:00`, tz).toDate().toISOString();
}

/** The offset of `tz` from UTC in minutes at instant `ms`. */
export function offsetMinutesAt(ms: number, tz: string): number {
  return dayjs(ms).tz(tz).utcOffset();
}

/** Where an instant falls on the clock and calendar of a time zone. */
export interface LocalTime {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `YYYY-MM`. */
  month: string;
  /** 0–23. */
  hour: number;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
}

/**
 * Converts instants to a time zone's local day, hour and weekday. Asking dayjs (Intl) for
 * every instant is slow (a year of hourly buckets is thousands of calls), so the offset is
 * looked up once per UTC day and reused when it is the same at both ends of that day; only
 * the days of a daylight-saving change look each instant up.
 */
export class ZoneClock {
  private readonly dayOffsets = new Map<number, number | null>();

  constructor(readonly tz: string) {}

  /** The offset in minutes at `ms`. */
  offsetAt(ms: number): number {
    const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    let constant = this.dayOffsets.get(dayStart);
    if (constant === undefined) {
      const first = offsetMinutesAt(dayStart, this.tz);
      const last = offsetMinutesAt(dayStart + DAY_MS - 1, this.tz);
      constant = first === last ? first : null;
      this.dayOffsets.set(dayStart, constant);
    }
    return constant ?? offsetMinutesAt(ms, this.tz);
  }

  /** The local day, month, hour and weekday of instant `ms`. */
  local(ms: number): LocalTime {
    const shifted = new Date(ms + this.offsetAt(ms) * 60_000);
    const iso = shifted.toISOString();
    return {
      date: iso.slice(0, 10),
      month: iso.slice(0, 7),
      hour: shifted.getUTCHours(),
      weekday: shifted.getUTCDay() || 7,
    };
  }
}

/**
 * Characters of orders.created_at the database groups by: 13 (`YYYY-MM-DDTHH`, the UTC hour)
 * when every offset of `tz` during [startMs, endMs) is a whole number of hours, else 16
 * (`YYYY-MM-DDTHH:MM`, the minute). An hour bucket lies inside one local hour only when the
 * offset is whole hours (and whole-hour zones change offset on a UTC hour too); in a zone
 * such as Asia/Kolkata (+05:30) a UTC hour spans two local hours, and sometimes two local
 * days, so those zones pay for finer buckets rather than get wrong charts. The offsets are
 * sampled at the range's ends and at every month start in between: no zone keeps a
 * non-whole-hour offset for less than a month.
 */
export function bucketLength(tz: string, startMs: number, endMs: number): 13 | 16 {
  const samples = [startMs, endMs - 1];
  let month = new Date(startMs);
  month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  while (month.getTime() < endMs) {
    samples.push(month.getTime());
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  }
  return samples.every((ms) => offsetMinutesAt(ms, tz) % 60 === 0) ? 13 : 16;
}

/** The instant (ms) a bucket of {@link bucketLength} characters of created_at starts at. */
export function bucketStartMs(bucket: string): number {
  return Date.UTC(
    Number(bucket.slice(0, 4)),
    Number(bucket.slice(5, 7)) - 1,
    Number(bucket.slice(8, 10)),
    Number(bucket.slice(11, 13)),
    bucket.length > 13 ? Number(bucket.slice(14, 16)) : 0,
  );
}
