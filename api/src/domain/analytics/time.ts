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

/** Formatters by zone name; bounded, as names come from requests ('utc', 'UTC', 'Utc', …). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 500;

/**
 * A formatter of every date and time field of `tz` (throws RangeError for an unknown zone).
 * Building one costs far more than using it, so they are kept.
 */
function formatterOf(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * The canonical IANA name of `tz` ('utc' reads as 'UTC'), or an {@link AnalyticsInputError}
 * for a name the runtime's time-zone database does not know.
 */
export function canonicalTimeZone(tz: string): string {
  try {
    return formatterOf(tz).resolvedOptions().timeZone;
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

/** The first day a date input may name: orders, users and feed entries have no earlier ones. */
export const FIRST_DATE = '1970-01-01';
/** The last day `YYYY-MM-DD` can write. */
export const LAST_DATE = '9999-12-31';
/**
 * An end instant after every ISO-8601 instant of a four-digit year (`24:00` is ISO 8601's end
 * of a day): what the database compares created_at with when an end falls in the year 10000,
 * which toISOString writes `+010000-…` and which would sort before every stored instant.
 */
export const END_OF_TIME = '9999-12-31T24:00:00.000Z';
const END_OF_TIME_MS = Date.parse(END_OF_TIME);

/** `date`, or an {@link AnalyticsInputError} naming the parameter when it is no real day. */
export function calendarDate(name: string, date: string): string {
  // Orders have no earlier days, and Date.UTC reads years below 100 as 19xx.
  if (!isCalendarDate(date) || date < FIRST_DATE) {
    throw new AnalyticsInputError(`${name} must be a real calendar date (YYYY-MM-DD) from 1970 on`);
  }
  return date;
}

/**
 * The calendar day `days` after `date` (both `YYYY-MM-DD`; plain calendar arithmetic). Only
 * for days that stay within {@link FIRST_DATE}…{@link LAST_DATE}: past them the text no
 * longer compares as the days do (see {@link dayEndUtc} for the day after the last one).
 */
export function addDays(date: string, days: number): string {
  return dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');
}

/** Whole days from `from` to `to` (`YYYY-MM-DD`), 0 when they are the same day. */
export function daysBetween(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** The last day of the month of `date` (`YYYY-MM-DD`). */
export function monthEndDate(date: string): string {
  return dayjs.utc(date).endOf('month').format('YYYY-MM-DD');
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

/**
 * The instant (ISO-8601 UTC, as created_at compares) at which the day after `date` begins in
 * `tz`: the exclusive end of `date`. The day after {@link LAST_DATE} has no `YYYY-MM-DD` (nor
 * does dayjs parse it): it begins a day after 9999-12-31 does (no zone moves its clocks at new
 * year), and an end in the year 10000 is {@link END_OF_TIME}, after every stored instant.
 */
export function dayEndUtc(date: string, tz: string): string {
  if (date < LAST_DATE) return dayStartUtc(addDays(date, 1), tz);
  const end = Date.parse(dayStartUtc(date, tz)) + DAY_MS;
  return end >= END_OF_TIME_MS ? END_OF_TIME : new Date(end).toISOString();
}

/**
 * The offset of `tz` from UTC in minutes at instant `ms`: the zone's wall-clock fields read as
 * if they were UTC, minus the instant. Not dayjs's `.tz()`, which formats through
 * toLocaleString and so builds a new formatter on every call (tens of µs each).
 */
export function offsetMinutesAt(ms: number, tz: string): number {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterOf(tz).formatToParts(ms)) fields[part.type] = Number(part.value);
  const wall = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
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

/** How far apart the offsets of a zone are sampled: a week, less than any two changes are. */
const SAMPLE_MS = 7 * DAY_MS;

/** `startMs`, every week after it before `endMs`, and `endMs`. */
function weekSamples(startMs: number, endMs: number): number[] {
  const samples = [];
  for (let ms = startMs; ms < endMs; ms += SAMPLE_MS) samples.push(ms);
  samples.push(endMs);
  return samples;
}

/**
 * Converts instants of [startMs, endMs] to a time zone's local day, hour and weekday. Asking
 * dayjs (Intl) for every instant is slow (a year of hourly buckets is thousands of calls, tens
 * of ms), so the zone's offsets are read once per request: every week of the range, and
 * where two samples differ, a binary search finds the minute the offset changed. This assumes
 * at most one change in a week; the closest ones in the time-zone database are weeks apart
 * (Africa/Casablanca leaves and resumes summer time around Ramadan, about a month apart).
 */
export class ZoneClock {
  /** Where each offset starts (ascending; the first is -Infinity) and the offset in minutes. */
  private readonly starts: number[] = [Number.NEGATIVE_INFINITY];
  private readonly offsets: number[];
  /** The local days met so far, by days since 1970-01-01 (a period meets at most 367). */
  private readonly days = new Map<number, Omit<LocalTime, 'hour'>>();

  constructor(
    readonly tz: string,
    startMs: number,
    endMs: number,
  ) {
    const samples = weekSamples(startMs, endMs);
    let before = samples[0] ?? startMs;
    let offset = offsetMinutesAt(before, tz);
    this.offsets = [offset];
    for (const at of samples.slice(1)) {
      const next = offsetMinutesAt(at, tz);
      if (next !== offset) {
        // The change lies in (before, at]: narrow it to the minute.
        let lo = before;
        let hi = at;
        while (hi - lo > 60_000) {
          const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
          if (offsetMinutesAt(mid, tz) === offset) lo = mid;
          else hi = mid;
        }
        this.starts.push(hi);
        this.offsets.push(next);
        offset = next;
      }
      before = at;
    }
  }

  /** Every offset of the range, in minutes, in the order they apply. */
  get offsetList(): readonly number[] {
    return this.offsets;
  }

  /** The offset in minutes at `ms`. */
  offsetAt(ms: number): number {
    let i = this.starts.length - 1;
    while (i > 0 && (this.starts[i] ?? 0) > ms) i -= 1;
    return this.offsets[i] ?? 0;
  }

  /** The local day, month, hour and weekday of instant `ms`. */
  local(ms: number): LocalTime {
    const shifted = ms + this.offsetAt(ms) * 60_000;
    const dayIndex = Math.floor(shifted / DAY_MS);
    let day = this.days.get(dayIndex);
    if (!day) {
      const start = new Date(dayIndex * DAY_MS);
      const iso = start.toISOString();
      day = { date: iso.slice(0, 10), month: iso.slice(0, 7), weekday: start.getUTCDay() || 7 };
      this.days.set(dayIndex, day);
    }
    const hour = Math.floor((shifted - dayIndex * DAY_MS) / 3_600_000);
    return { date: day.date, month: day.month, hour, weekday: day.weekday };
  }
}

/**
 * The minute at which the database splits each UTC hour of created_at so that every part lies
 * inside one local hour of the clock's zone: null (whole hours) when every offset of the
 * range is a whole number of hours, else the UTC minute where the zone's local hours begin
 * (30 for Asia/Kolkata, +05:30; 15 for Asia/Kathmandu, +05:45). The offset changes of such
 * zones fall on that minute too (Lord Howe Island, +10:30 / +11, changes at 15:30Z and
 * 15:00Z), so each part also has one offset. A zone whose range had two different
 * non-whole-hour offsets, minutes apart (none in today's time-zone database), would be split
 * by the first.
 */
export function hourSplit(clock: ZoneClock): number | null {
  const part = clock.offsetList.map((offset) => ((offset % 60) + 60) % 60).find((m) => m !== 0);
  return part === undefined ? null : 60 - part;
}

/**
 * The instant (ms) an hour bucket starts at: `hour` is created_at's first 13 characters
 * (`YYYY-MM-DDTHH`), `minute` the split it starts at (0 for the first part).
 */
export function bucketStartMs(hour: string, minute: number): number {
  return Date.UTC(
    Number(hour.slice(0, 4)),
    Number(hour.slice(5, 7)) - 1,
    Number(hour.slice(8, 10)),
    Number(hour.slice(11, 13)),
    minute,
  );
}
