import { formatLastAccess, viewerTimeZone } from './lastAccess';

describe('formatLastAccess (spec 2.6: YYYY/MM/DD HH:mm)', () => {
  it('writes the time as YYYY/MM/DD HH:mm with zero-padded parts', () => {
    expect(formatLastAccess('2026-03-04T05:06:00.000Z', 'UTC')).toBe('2026/03/04 05:06');
  });

  it("writes the time in the viewer's time zone", () => {
    const at = '2026-11-25T14:30:00.000Z';
    expect(formatLastAccess(at, 'UTC')).toBe('2026/11/25 14:30');
    expect(formatLastAccess(at, 'Asia/Tokyo')).toBe('2026/11/25 23:30');
    expect(formatLastAccess(at, 'America/New_York')).toBe('2026/11/25 09:30');
    expect(formatLastAccess(at, 'Asia/Kolkata')).toBe('2026/11/25 20:00');
  });

  it('moves to the next or previous day where the zone is past midnight', () => {
    expect(formatLastAccess('2026-12-31T23:30:00.000Z', 'Asia/Tokyo')).toBe('2027/01/01 08:30');
    expect(formatLastAccess('2026-01-01T02:00:00.000Z', 'America/Los_Angeles')).toBe(
      '2025/12/31 18:00',
    );
  });

  it('follows daylight saving time of the zone', () => {
    expect(formatLastAccess('2026-07-01T12:00:00.000Z', 'Europe/Berlin')).toBe('2026/07/01 14:00');
    expect(formatLastAccess('2026-01-15T12:00:00.000Z', 'Europe/Berlin')).toBe('2026/01/15 13:00');
  });

  it("uses the browser's time zone unless told", () => {
    const at = '2026-11-25T14:30:00.000Z';
    expect(formatLastAccess(at)).toBe(formatLastAccess(at, viewerTimeZone()));
  });

  it("writes '—' for a user who never signed in, or a time that does not read", () => {
    expect(formatLastAccess(null, 'UTC')).toBe('—');
    expect(formatLastAccess(undefined, 'UTC')).toBe('—');
    expect(formatLastAccess('', 'UTC')).toBe('—');
    expect(formatLastAccess('not a time', 'UTC')).toBe('—');
  });
});
