export { DeleteConfirm } from './DeleteConfirm';
