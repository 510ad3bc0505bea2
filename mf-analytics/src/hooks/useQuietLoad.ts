import { useLoad } from '@pos/shared';
import { useCallback } from 'react';

/** An answer tagged with the load (the query) that produced it. */
interface Tagged<T> {
  load: (signal: AbortSignal) => Promise<T>;
  data: T;
}

/**
 * The kit's useLoad, with the one rule of a live page: once figures are on screen a reload of the
 * SAME query (a bus event, a retry) keeps them there instead of flashing the loading state, and
 * an error replaces them only until the next success. A new query (another page, application or
 * period: a new `load`) shows the loading state instead, so the last query's figures never stand
 * under the new labels. `data` is the current query's answer only; `lastData` is the last answer
 * of any query (e.g. for a pager's total while the next page loads).
 */
export function useQuietLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  // Each answer carries the load that produced it: `load` changes exactly when the query does.
  const tagged = useCallback(
    (signal: AbortSignal): Promise<Tagged<T>> => load(signal).then((data) => ({ load, data })),
    [load],
  );
  const state = useLoad(tagged);
  const current = state.data !== null && state.data.load === load ? state.data.data : null;
  return {
    status: state.status,
    error: state.error,
    reload: state.reload,
    data: current,
    lastData: state.data?.data ?? null,
    showLoading: state.status === 'loading' && current === null,
    /** Reloading the same query in the background with its last figures still shown. */
    refreshing: state.status === 'loading' && current !== null,
  };
}
