/** A calendar month: `month` runs from 1 (January) to 12. */
export interface Period {
  year: number;
  month: number;
}

/** Spec 2.8/9: the year picker starts at 2020. */
export const PERIOD_MIN_YEAR = 2020;

/** English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The month `now` falls in. */
export function currentPeriod(now: Date = new Date()): Period {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** Negative when a is before b, 0 when the same month, positive when after. */
export function comparePeriods(a: Period, b: Period): number {
  return a.year !== b.year ? a.year - b.year : a.month - b.month;
}

/** Spec 2.8/5.x: a range whose start is after its end is swapped, never rejected. */
export function orderPeriodRange(start: Period, end: Period): { start: Period; end: Period } {
  return comparePeriods(start, end) > 0 ? { start: end, end: start } : { start, end };
}

/** Keeps a period between January of `minYear` and the current month (no future months). */
export function clampPeriod(
  period: Period,
  now: Date = new Date(),
  minYear = PERIOD_MIN_YEAR,
): Period {
  const latest = currentPeriod(now);
  if (comparePeriods(period, latest) > 0) return latest;
  if (period.year < minYear) return { year: minYear, month: 1 };
  return { year: period.year, month: Math.min(12, Math.max(1, period.month)) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of the month as YYYY-MM-DD. */
export function periodFirstDay({ year, month }: Period): string {
  return `${year}-${pad(month)}-01`;
}

/** The last day of the month as YYYY-MM-DD (leap years included). */
export function periodLastDay({ year, month }: Period): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(lastDay)}`;
}
