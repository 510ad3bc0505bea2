export { StripeCardProvider } from './StripeCardProvider';
