// React hooks every remote's pages use: loading from the api and guarding late answers.
export { useLoad } from './useLoad';
export type { LoadState } from './useLoad';
export { useMounted } from './useMounted';
