import { useState } from 'react';
import { Field, Form } from 'react-final-form';
import { PeriodPicker, Toggle, currentPeriod, orderPeriodRange, type Period } from '@pos/shared';
import { TextField } from '@pos/shared/forms';
import { useDebouncedCallback } from '../../hooks/useDebouncedCallback';
import { adminTestIds } from '../../testIds';
import { FILTER_DEBOUNCE_MS, type PeriodRange } from '../../types';
import './UserFilters.css';

export interface UserFiltersProps {
  /** The filter text, once typing has paused for FILTER_DEBOUNCE_MS (spec 9). */
  onFilterChange: (filter: string) => void;
  /**
   * The creation-month range at once: null when switched off. Always ordered: a From after the
   * To is swapped (spec 2.8).
   */
  onRangeChange: (range: PeriodRange | null) => void;
}

interface FilterValues {
  filter: string;
  rangeEnabled: boolean;
  range: PeriodRange;
}

/** Nothing typed, the range off; offered when first switched on: this year so far. */
function startValues(): FilterValues {
  const now = currentPeriod();
  return {
    filter: '',
    rangeEnabled: false,
    range: { start: { year: now.year, month: 1 }, end: now },
  };
}

/**
 * The filter text and the optional creation-date range of the user list: a react-final-form form
 * that keeps what was typed and chosen, and tells the list what to ask for.
 */
export function UserFilters({ onFilterChange, onRangeChange }: UserFiltersProps) {
  // Kept, not rebuilt per render: new initial values would start the form again.
  const [initialValues] = useState(startValues);
  const applyFilter = useDebouncedCallback(onFilterChange, FILTER_DEBOUNCE_MS);
  return (
    <Form<FilterValues>
      initialValues={initialValues}
      // Nothing to submit: the list follows the values as they change.
      onSubmit={() => undefined}
      subscription={{ values: true }}
      render={({ values }) => (
        <div className="pos-admin-filters" role="search" aria-label="Users">
          <div className="pos-admin-filters__row">
            <TextField
              name="filter"
              label="Filter"
              type="search"
              icon="search"
              placeholder="Search by name or email"
              autoComplete="off"
              className="pos-admin-filters__text"
              onChange={(event) => applyFilter(event.target.value)}
              data-testid={adminTestIds.filter}
            />
            <Field<boolean> name="rangeEnabled">
              {({ input }) => (
                <Toggle
                  label="Date range"
                  checked={input.value}
                  onChange={(enabled) => {
                    input.onChange(enabled);
                    onRangeChange(enabled ? values.range : null);
                  }}
                  className="pos-admin-filters__toggle"
                  data-testid={adminTestIds.dateRangeToggle}
                />
              )}
            </Field>
          </div>
          {/* Registered while switched off too: react-final-form 7 gives a field that comes back
              its initial value, and the chosen range is kept until switched on again. */}
          <Field<PeriodRange> name="range">
            {({ input }) => {
              if (!values.rangeEnabled) return null;
              const change = (next: PeriodRange) => {
                input.onChange(next);
                onRangeChange(next);
              };
              const range = input.value;
              return (
                <div className="pos-admin-filters__range">
                  <PeriodPicker
                    label="From"
                    value={range.start}
                    onChange={(start: Period) => change(orderPeriodRange(start, range.end))}
                    data-testid={adminTestIds.periodFrom}
                  />
                  <span className="pos-admin-filters__dash" aria-hidden="true">
                    –
                  </span>
                  <PeriodPicker
                    label="To"
                    value={range.end}
                    onChange={(end: Period) => change(orderPeriodRange(range.start, end))}
                    data-testid={adminTestIds.periodTo}
                  />
                </div>
              );
            }}
          </Field>
        </div>
      )}
    />
  );
}
