import { loadConfig } from '../../../src/config';
import { backfillStart } from '../../../src/domain/orders/sync';

describe('the first backfill of a store', () => {
  const now = new Date('2026-11-25T13:00:00.000Z');

  it('reads this month by default', () => {
    expect(backfillStart(now, null)).toBe('2026-11-01T00:00:00.000Z');
  });

  it('reads ORDERS_BACKFILL_DAYS back when that is before the month', () => {
    expect(backfillStart(now, 120)).toBe('2026-07-28T13:00:00.000Z');
    // Fewer days than the month so far: still the whole month.
    expect(backfillStart(now, 3)).toBe('2026-11-01T00:00:00.000Z');
  });

  it('takes ORDERS_BACKFILL_DAYS and USAGE_REPORT_INTERVAL_MS from the environment, checked', () => {
    expect(loadConfig({}).ordersBackfillDays).toBeNull();
    expect(loadConfig({ ORDERS_BACKFILL_DAYS: '120' }).ordersBackfillDays).toBe(120);
    expect(() => loadConfig({ ORDERS_BACKFILL_DAYS: '0' })).toThrow(/ORDERS_BACKFILL_DAYS/);
    expect(loadConfig({}).usageReportIntervalMs).toBe(10_000);
    expect(loadConfig({ USAGE_REPORT_INTERVAL_MS: '0' }).usageReportIntervalMs).toBe(0);
    expect(() => loadConfig({ USAGE_REPORT_INTERVAL_MS: '10' })).toThrow(
      /USAGE_REPORT_INTERVAL_MS/,
    );
  });
});
