import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  AnalyticsInputError,
  calendarDate,
  canonicalTimeZone,
  dayEndUtc,
  dayStartUtc,
  daysBetween,
} from '../../domain/analytics/time';
import { HttpError } from '../../errors';
import type { ActivitiesRepository } from '../../repositories/activities';

/** Longest period one export covers, in days (both ends included). */
export const EXPORT_MAX_DAYS = 366;

/**
 * The export's columns, in order (its header row): with prevHash and owner every field the
 * hash covers is there, so the chain can be checked outside the app (see api/README.md).
 */
export const EXPORT_COLUMNS = [
  'createdAt',
  'feedType',
  'name',
  'link',
  'linkName',
  'seq',
  'hash',
  'prevHash',
  'owner',
] as const;

const badRequest = (message: string) => new HttpError(400, message, 'ERR_VALIDATION');

/** The instants an export of the days `from`…`to` in time zone `tz` covers. */
export interface ExportPeriod {
  /** ISO instant of `from`'s midnight in `tz`. */
  start: string;
  /** ISO instant of the midnight after `to` in `tz` (excluded). */
  end: string;
}

/**
 * Checks an export's period (real days, from ≤ to, at most {@link EXPORT_MAX_DAYS} days, a
 * time zone the runtime knows) and turns it into instants; a 400 {@link HttpError} otherwise.
 */
export function exportPeriod(from: string, to: string, tz: string): ExportPeriod {
  try {
    calendarDate('from', from);
    calendarDate('to', to);
    if (from > to) throw badRequest('from must not be after to');
    if (daysBetween(from, to) + 1 > EXPORT_MAX_DAYS) {
      throw badRequest(`The period must not exceed ${EXPORT_MAX_DAYS} days`);
    }
    const zone = canonicalTimeZone(tz);
    return { start: dayStartUtc(from, zone), end: dayEndUtc(to, zone) };
  } catch (error) {
    if (error instanceof AnalyticsInputError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * A cell that starts with `'` gets another one in front, as csv-stringify's `escape_formulas`
 * puts one before a cell a spreadsheet would run (= + - @, their full-width forms, tab, CR):
 * then every cell that starts with `'` had exactly one added, and taking it off gives back
 * what is stored, whatever it was (a stored `'=1+1` is exported `''=1+1`, a stored `=1+1`
 * `'=1+1`). Without it both would read the same and one of them would not verify.
 */
export function markedCell(value: string): string {
  return value.startsWith("'") ? `'${value}` : value;
}

/**
 * The CSV of the user's entries in `period`, oldest first, as a stream: csv-stringify quotes
 * per RFC 4180 (CRLF line ends, fields with a comma, quote or line break in quotes) and
 * prefixes cells that start with = + - @ (or their full-width forms, a tab or CR) with ' so
 * that a spreadsheet does not run an entry's name as a formula; a cell that starts with ' gets
 * one more ({@link markedCell}), so a reader takes one ' off every cell that starts with one.
 */
export function activityCsv(
  activities: ActivitiesRepository,
  userId: string,
  period: ExportPeriod,
): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const row of activities.inPeriod(userId, period.start, period.end)) {
        yield [
          row.created_at,
          row.feed_type,
          row.name,
          row.link ?? '',
          row.link_name ?? '',
          String(row.seq),
          row.hash,
          row.prev_hash,
          row.user_id,
        ];
      }
    })(),
  );
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS],
    escape_formulas: true,
    cast: { string: markedCell },
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the record delimiter (CRLF), not one holding a bare
    // LF or CR: RFC 4180 wants every field with a line break in quotes.
    quoted_match: /[\r\n]/,
  });
  // pipeline: a client that goes away destroys the CSV, and with it the reading of the rows.
  pipeline(rows, csv, () => undefined);
  return csv;
}
