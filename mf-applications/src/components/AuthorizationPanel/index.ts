export { AuthorizationPanel } from './AuthorizationPanel';
export type {
  AuthorizationBusy,
  AuthorizationPanelProps,
  ConsumerKeys,
} from './AuthorizationPanel';
