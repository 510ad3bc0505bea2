import { confirmDaysLeft, confirmDeadlineText } from './emailConfirmation';

const registered = '2026-11-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the 14 days to confirm an email', () => {
  it('counts the days left from registering: 14 at once, 9 after five days, 1 on the last', () => {
    expect(confirmDaysLeft(registered, at('2026-11-01T10:00:00.000Z'))).toBe(14);
    expect(confirmDaysLeft(registered, at('2026-11-06T10:00:00.000Z'))).toBe(9);
    expect(confirmDaysLeft(registered, at('2026-11-06T11:00:00.000Z'))).toBe(9);
    expect(confirmDaysLeft(registered, at('2026-11-14T12:00:00.000Z'))).toBe(1);
  });

  it('never counts below zero once the 14 days are over', () => {
    expect(confirmDaysLeft(registered, at('2026-11-15T10:00:00.000Z'))).toBe(0);
    expect(confirmDaysLeft(registered, at('2027-01-01T00:00:00.000Z'))).toBe(0);
  });

  it('says the 14 days and how many are left', () => {
    expect(confirmDeadlineText(9)).toBe(
      'Please confirm it within 14 days of registering: 9 days left.',
    );
    expect(confirmDeadlineText(1)).toBe(
      'Please confirm it within 14 days of registering: 1 day left.',
    );
    expect(confirmDeadlineText(0)).toBe(
      'Please confirm it within 14 days of registering: the 14 days are over, confirm it now.',
    );
  });
});
