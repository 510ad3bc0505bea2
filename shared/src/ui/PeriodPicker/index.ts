export { PeriodPicker } from './PeriodPicker';
export type { PeriodPickerProps } from './PeriodPicker';
export {
  MONTH_NAMES,
  PERIOD_MIN_YEAR,
  clampPeriod,
  comparePeriods,
  currentPeriod,
  orderPeriodRange,
  periodFirstDay,
  periodLastDay,
} from './period';
export type { Period } from './period';
