// React hooks every remote's pages use: loading from the api, guarding late answers, following
// a media query.
export { useLoad } from './useLoad';
export type { LoadState } from './useLoad';
export { useMounted } from './useMounted';
export { MOBILE_MEDIA_QUERY, useMediaQuery } from './useMediaQuery';
