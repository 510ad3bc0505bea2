export { RemoteRoutePage, PendingRemotePage } from './RemotePage';
