export { AppErrorBoundary } from './AppErrorBoundary';
export { SlotErrorBoundary } from './SlotErrorBoundary';
export { SlotError } from './SlotError';
