export { ShellIcon, type ShellIconName } from './ShellIcon';
export { PlatformIcon, BROWSERS, PLATFORMS, type PlatformName } from './BrandIcons';
