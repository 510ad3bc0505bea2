import { PeriodPicker, TextInput, Toggle, orderPeriodRange, type Period } from '@pos/shared';
import { adminTestIds } from '../../testIds';
import type { PeriodRange } from '../../types';
import './UserFilters.css';

export interface UserFiltersProps {
  filterText: string;
  onFilterTextChange: (text: string) => void;
  rangeEnabled: boolean;
  onRangeEnabledChange: (enabled: boolean) => void;
  range: PeriodRange;
  /** Always receives an ordered range: a From after the To is swapped (spec 2.8). */
  onRangeChange: (range: PeriodRange) => void;
}

/** The filter text and the optional creation-date range of the user list. */
export function UserFilters({
  filterText,
  onFilterTextChange,
  rangeEnabled,
  onRangeEnabledChange,
  range,
  onRangeChange,
}: UserFiltersProps) {
  const changeFrom = (start: Period) => onRangeChange(orderPeriodRange(start, range.end));
  const changeTo = (end: Period) => onRangeChange(orderPeriodRange(range.start, end));
  return (
    <div className="pos-admin-filters" role="search" aria-label="Users">
      <div className="pos-admin-filters__row">
        <TextInput
          label="Filter"
          type="search"
          icon="search"
          placeholder="Search by name or email"
          autoComplete="off"
          className="pos-admin-filters__text"
          value={filterText}
          onChange={(event) => onFilterTextChange(event.target.value)}
          data-testid={adminTestIds.filter}
        />
        <Toggle
          label="Date range"
          checked={rangeEnabled}
          onChange={onRangeEnabledChange}
          className="pos-admin-filters__toggle"
          data-testid={adminTestIds.dateRangeToggle}
        />
      </div>
      {rangeEnabled && (
        <div className="pos-admin-filters__range">
          <PeriodPicker
            label="From"
            value={range.start}
            onChange={changeFrom}
            data-testid={adminTestIds.periodFrom}
          />
          <span className="pos-admin-filters__dash" aria-hidden="true">
            –
          </span>
          <PeriodPicker
            label="To"
            value={range.end}
            onChange={changeTo}
            data-testid={adminTestIds.periodTo}
          />
        </div>
      )}
    </div>
  );
}
