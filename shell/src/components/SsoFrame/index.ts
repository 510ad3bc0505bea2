export { SsoFrame } from './SsoFrame';
