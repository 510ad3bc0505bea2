import type { ChangeEvent } from 'react';
import { cx } from '../cx';
import { Select } from '../Select';
import { MONTH_NAMES, PERIOD_MIN_YEAR, clampPeriod, currentPeriod, type Period } from './period';
import './PeriodPicker.css';

export interface PeriodPickerProps {
  /** Names the pair of pickers, e.g. 'From' or 'To'. */
  label: string;
  value: Period;
  onChange: (period: Period) => void;
  /** Today, for tests; defaults to the real date. */
  now?: Date;
  minYear?: number;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * A month picker (spec 2.8): a year from 2020 to the current year and a month where the months
 * after the current one are disabled. Picking the current year moves a future month back to
 * the current one.
 */
export function PeriodPicker({
  label,
  value,
  onChange,
  now,
  minYear = PERIOD_MIN_YEAR,
  disabled = false,
  className,
  'data-testid': testId,
}: PeriodPickerProps) {
  const today = now ?? new Date();
  const latest = currentPeriod(today);
  const years = Array.from(
    { length: latest.year - minYear + 1 },
    (_, index) => latest.year - index,
  );

  const change = (next: Period) => onChange(clampPeriod(next, today, minYear));

  return (
    <fieldset className={cx('pos-period', className)} disabled={disabled} data-testid={testId}>
      <legend className="pos-period__legend">{label}</legend>
      <div className="pos-period__fields">
        <Select
          label="Month"
          hideLabel
          compact
          className="pos-period__month"
          value={String(value.month)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            change({ year: value.year, month: Number(event.target.value) })
          }
          options={MONTH_NAMES.map((name, index) => ({
            value: String(index + 1),
            label: name,
            disabled: value.year === latest.year && index + 1 > latest.month,
          }))}
        />
        <Select
          label="Year"
          hideLabel
          compact
          className="pos-period__year"
          value={String(value.year)}
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            change({ year: Number(event.target.value), month: value.month })
          }
          options={years.map((year) => ({ value: String(year), label: String(year) }))}
        />
      </div>
    </fieldset>
  );
}
