export { QuickLaunchToggle } from './QuickLaunchToggle';
export type { QuickLaunchToggleProps } from './QuickLaunchToggle';
