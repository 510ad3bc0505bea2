export { Tooltip, resolvePlacement } from './Tooltip';
export type { TooltipPlacement, TooltipProps } from './Tooltip';
