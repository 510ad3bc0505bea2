// What the viewer chose on /analytics (application and period), kept in the address so the
// Print link, a reload and a shared link show the same figures.
import { clampPeriod, comparePeriods, currentPeriod, type Period } from '@pos/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** The period choices; 'custom' is a range of whole months picked with the kit's PeriodPicker. */
export const PERIOD_PRESETS = ['7d', '30d', '90d', '12m', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The choice of /analytics and /print-analytics. */
export interface AnalyticsSelection {
  /** One application, or null for all own applications. */
  appId: string | null;
  preset: PeriodPreset;
  /** The custom range's months (used when preset is 'custom'). */
  start: Period;
  end: Period;
}

/** The api takes at most 366 days: a custom range spans at most 12 months. */
export const MAX_MONTHS = 12;

const DAY = 'YYYY-MM-DD';

const isPreset = (value: string | null): value is PeriodPreset =>
  value !== null && (PERIOD_PRESETS as readonly string[]).includes(value);

const parseMonth = (value: string | null): Period | null => {
  const match = value === null ? null : /^(\d{4})-(\d{2})$/.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
};

const formatMonth = ({ year, month }: Period) => `${year}-${String(month).padStart(2, '0')}`;

const monthsBetween = (start: Period, end: Period) =>
  (end.year - start.year) * 12 + (end.month - start.month);

/** The month `months` after `period` (before it when negative). */
export function addMonths(period: Period, months: number): Period {
  const index = period.year * 12 + (period.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * A custom range made valid: both months clamped to the past, swapped when reversed (spec: a
 * reversed range is swapped, never rejected) and cut to {@link MAX_MONTHS} by moving the start.
 * `capped` says the start was moved.
 */
export function normaliseRange(
  start: Period,
  end: Period,
  now: Date = new Date(),
): { start: Period; end: Period; capped: boolean } {
  let first = clampPeriod(start, now);
  let last = clampPeriod(end, now);
  if (comparePeriods(first, last) > 0) [first, last] = [last, first];
  if (monthsBetween(first, last) >= MAX_MONTHS) {
    return { start: addMonths(last, -(MAX_MONTHS - 1)), end: last, capped: true };
  }
  return { start: first, end: last, capped: false };
}

/** The default: all applications, the last 30 days, a custom range of this month. */
export function defaultSelection(now: Date = new Date()): AnalyticsSelection {
  const month = currentPeriod(now);
  return { appId: null, preset: '30d', start: month, end: month };
}

/** Reads the selection from the address's query; anything missing or invalid is the default. */
export function parseSelection(search: string, now: Date = new Date()): AnalyticsSelection {
  const query = new URLSearchParams(search);
  const fallback = defaultSelection(now);
  const preset = query.get('period');
  const start = parseMonth(query.get('start')) ?? fallback.start;
  const end = parseMonth(query.get('end')) ?? fallback.end;
  const range = normaliseRange(start, end, now);
  return {
    appId: query.get('appId') || null,
    preset: isPreset(preset) ? preset : fallback.preset,
    start: range.start,
    end: range.end,
  };
}

/** The query (without '?') that {@link parseSelection} reads back to `selection`. */
export function selectionToSearch(selection: AnalyticsSelection): string {
  const query = new URLSearchParams();
  if (selection.appId) query.set('appId', selection.appId);
  query.set('period', selection.preset);
  if (selection.preset === 'custom') {
    query.set('start', formatMonth(selection.start));
    query.set('end', formatMonth(selection.end));
  }
  return query.toString();
}

/**
 * The days the selection covers, both included, as YYYY-MM-DD in the viewer's time zone: the
 * last 7, 30 or 90 days up to today, the last 12 months from the first of the month 11 months
 * ago, or the custom months (the current month only up to today).
 */
export function selectionRange(
  selection: AnalyticsSelection,
  now: Date = new Date(),
): { from: string; to: string } {
  const today: Dayjs = dayjs(now).startOf('day');
  const days = (count: number) => ({
    from: today.subtract(count - 1, 'day').format(DAY),
    to: today.format(DAY),
  });
  switch (selection.preset) {
    case '7d':
      return days(7);
    case '30d':
      return days(30);
    case '90d':
      return days(90);
    case '12m':
      return {
        from: today
          .startOf('month')
          .subtract(MAX_MONTHS - 1, 'month')
          .format(DAY),
        to: today.format(DAY),
      };
    case 'custom': {
      const from = dayjs(new Date(selection.start.year, selection.start.month - 1, 1));
      const endOfMonth = dayjs(new Date(selection.end.year, selection.end.month - 1, 1)).endOf(
        'month',
      );
      const to = endOfMonth.isAfter(today) ? today : endOfMonth;
      return { from: from.format(DAY), to: to.format(DAY) };
    }
  }
}

/** Today in the viewer's time zone, YYYY-MM-DD (the tile's day). */
export function todayDate(now: Date = new Date()): string {
  return dayjs(now).format(DAY);
}
