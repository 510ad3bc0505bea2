export { WcAuthorization } from './WcAuthorization';
