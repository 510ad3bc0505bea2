export { ProgressRing } from './ProgressRing';
export type { ProgressRingProps } from './ProgressRing';
