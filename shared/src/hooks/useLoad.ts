import { useCallback, useEffect, useRef, useState } from 'react';

/** A load as it goes. The last data stays while the next load runs (e.g. another page). */
export interface LoadState<T> {
  status: 'loading' | 'success' | 'error';
  data: T | null;
  error: unknown;
}

/**
 * Runs `load` (a stable callback) now, again whenever it changes and on `reload`. A newer load
 * cancels an older one, so an answer that arrives late never replaces a newer one, and
 * `onLoaded` runs once per load that is kept.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  onLoaded?: (data: T) => void,
) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const onLoadedRef = useRef(onLoaded);

  useEffect(() => {
    onLoadedRef.current = onLoaded;
  }, [onLoaded]);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setState({ status: 'success', data, error: null });
        onLoadedRef.current?.(data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({ ...previous, status: 'error', error }));
        }
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  /** Puts data the server confirmed on screen without loading again. */
  const setData = useCallback((update: (data: T) => T) => {
    setState((previous) =>
      previous.data === null ? previous : { ...previous, data: update(previous.data) },
    );
  }, []);

  return { ...state, reload, setData };
}
