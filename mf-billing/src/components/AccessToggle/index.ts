export { AccessToggle } from './AccessToggle';
export type { AccessToggleProps } from './AccessToggle';
