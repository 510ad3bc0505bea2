export { BlockToggle } from './BlockToggle';
export type { BlockToggleProps } from './BlockToggle';
