import { useLoad } from '@pos/shared';

/**
 * The kit's useLoad, with the one rule of a live page: once figures are on screen a reload (a
 * bus event, a retry) keeps them there instead of flashing the loading state, and an error
 * replaces them only until the next success. `showLoading` is true only before the first data.
 */
export function useQuietLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const state = useLoad(load);
  return {
    ...state,
    showLoading: state.status === 'loading' && state.data === null,
    /** Reloading in the background with the last figures still shown. */
    refreshing: state.status === 'loading' && state.data !== null,
  };
}
