import { PeriodPicker, Select, type Period } from '@pos/shared';
import { useState } from 'react';
import {
  PERIOD_PRESETS,
  normaliseRange,
  type AnalyticsSelection,
  type PeriodPreset,
} from '../../selection';
import { analyticsTestIds } from '../../testIds';
import {
  ALL_APPLICATIONS,
  APPLICATION,
  FROM,
  PERIOD,
  PERIOD_PRESETS as PRESET_LABELS,
  RANGE_CAPPED,
  TO,
} from '../../texts';
import type { Application } from '../../types';

const ids = analyticsTestIds.analytics;

export interface AnalyticsFiltersProps {
  selection: AnalyticsSelection;
  applications: readonly Application[];
  onChange: (selection: AnalyticsSelection) => void;
}

/**
 * The application (all, or one) and the period: the last 7, 30 or 90 days, the last 12 months,
 * or whole months picked with the kit's PeriodPicker (at most 12, as the api allows 366 days).
 */
export function AnalyticsFilters({ selection, applications, onChange }: AnalyticsFiltersProps) {
  const [capped, setCapped] = useState(false);
  const changeRange = (start: Period, end: Period) => {
    const range = normaliseRange(start, end);
    setCapped(range.capped);
    onChange({ ...selection, start: range.start, end: range.end });
  };
  // A selected application that is not in the list (yet) still shows, so the choice stays.
  const known = applications.some((app) => app.id === selection.appId);
  return (
    <div className="pos-analytics-filters">
      <Select
        label={APPLICATION}
        className="pos-analytics-filters__application"
        value={selection.appId ?? ''}
        data-testid={ids.application}
        onChange={(event) => onChange({ ...selection, appId: event.target.value || null })}
        options={[
          { value: '', label: ALL_APPLICATIONS },
          ...applications.map((app) => ({ value: app.id, label: app.name })),
          ...(selection.appId && !known
            ? [{ value: selection.appId, label: selection.appId }]
            : []),
        ]}
      />
      <Select
        label={PERIOD}
        className="pos-analytics-filters__period"
        value={selection.preset}
        data-testid={ids.preset}
        onChange={(event) => onChange({ ...selection, preset: event.target.value as PeriodPreset })}
        options={PERIOD_PRESETS.map((preset) => ({ value: preset, label: PRESET_LABELS[preset] }))}
      />
      {selection.preset === 'custom' && (
        <div className="pos-analytics-filters__range">
          <PeriodPicker
            label={FROM}
            value={selection.start}
            onChange={(start) => changeRange(start, selection.end)}
          />
          <PeriodPicker
            label={TO}
            value={selection.end}
            onChange={(end) => changeRange(selection.start, end)}
          />
          {capped && (
            <p className="pos-analytics-filters__note" role="status">
              {RANGE_CAPPED}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
