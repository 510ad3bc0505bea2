export { DisconnectConfirm } from './DisconnectConfirm';
