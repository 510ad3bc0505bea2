export { QuickLaunchCard } from './QuickLaunchCard';
export type { QuickLaunchCardProps } from './QuickLaunchCard';
