export { BrandLogo } from './BrandLogo';
