export { PromoCode } from './PromoCode';
export type { PromoCodeProps } from './PromoCode';
