export { LoadingState } from './LoadingState';
export type { LoadingStateProps } from './LoadingState';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
