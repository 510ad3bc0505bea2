export { PlatformIcon, BROWSERS, PLATFORMS, type PlatformName } from './BrandIcons';
