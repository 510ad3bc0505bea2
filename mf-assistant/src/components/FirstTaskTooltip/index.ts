export { FirstTaskTooltip } from './FirstTaskTooltip';
export type { FirstTaskTooltipProps } from './FirstTaskTooltip';
