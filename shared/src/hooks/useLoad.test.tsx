import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './useLoad';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('loads at once and gives the data with success', async () => {
    const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['Front Counter']));
    const { result } = renderHook(() => useLoad(load));
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.data).toEqual(['Front Counter']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toBeInstanceOf(AbortSignal);
  });

  it('gives the error and keeps the last data when a load fails', async () => {
    let fail = false;
    const load = jest.fn(() =>
      fail ? Promise.reject(new Error('Database unavailable')) : Promise.resolve(3),
    );
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.data).toBe(3));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toEqual(new Error('Database unavailable'));
    expect(result.current.data).toBe(3);
  });

  it('loads again on reload, keeping the last data while the next load runs', async () => {
    const second = deferred<number>();
    const load = jest
      .fn<Promise<number>, [AbortSignal]>()
      .mockResolvedValueOnce(1)
      .mockReturnValueOnce(second.promise);
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBe(1);
    await act(async () => second.resolve(2));
    expect(result.current).toMatchObject({ status: 'success', data: 2, error: null });
  });

  it('never lets a late answer of an older load replace a newer one', async () => {
    const older = deferred<string>();
    const newer = deferred<string>();
    const signals: AbortSignal[] = [];
    // A load is a stable callback; a new one stands for new parameters (e.g. another page).
    const loadOf = (answer: Deferred<string>) => (signal: AbortSignal) => {
      signals.push(signal);
      return answer.promise;
    };
    const loadOlder = loadOf(older);
    const loadNewer = loadOf(newer);
    const { result, rerender } = renderHook(
      ({ load }: { load: (signal: AbortSignal) => Promise<string> }) => useLoad(load),
      { initialProps: { load: loadOlder } },
    );
    rerender({ load: loadNewer });
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => newer.resolve('page 2'));
    await act(async () => older.resolve('page 1'));
    expect(result.current.data).toBe('page 2');
  });

  it('does not report the failure of a load that a newer one cancelled', async () => {
    const older = deferred<string>();
    const { result, rerender } = renderHook(
      ({ load }: { load: () => Promise<string> }) => useLoad(load),
      { initialProps: { load: () => older.promise } },
    );
    const loadFresh = () => Promise.resolve('fresh');
    rerender({ load: loadFresh });
    await waitFor(() => expect(result.current.data).toBe('fresh'));
    await act(async () => older.reject(new Error('aborted')));
    expect(result.current).toMatchObject({ status: 'success', data: 'fresh', error: null });
  });

  it('tells onLoaded once per kept load, using the latest callback', async () => {
    const load = jest.fn(() => Promise.resolve('data'));
    const first = jest.fn();
    const latest = jest.fn();
    const { result, rerender } = renderHook(
      ({ onLoaded }: { onLoaded: (data: string) => void }) => useLoad(load, onLoaded),
      { initialProps: { onLoaded: first } },
    );
    await waitFor(() => expect(first).toHaveBeenCalledWith('data'));
    rerender({ onLoaded: latest });
    act(() => result.current.reload());
    await waitFor(() => expect(latest).toHaveBeenCalledTimes(1));
    expect(first).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('puts confirmed data on screen without loading again, and ignores it before any data', async () => {
    const pending = deferred<number[]>();
    const load = jest.fn(() => pending.promise);
    const { result } = renderHook(() => useLoad(load));
    act(() => result.current.setData((data) => [...data, 9]));
    expect(result.current.data).toBeNull();
    await act(async () => pending.resolve([1]));
    act(() => result.current.setData((data) => [...data, 2]));
    expect(result.current.data).toEqual([1, 2]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops the running load when the component leaves the screen', () => {
    const signals: AbortSignal[] = [];
    const load = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<never>(() => undefined);
    };
    const { unmount } = renderHook(() => useLoad(load));
    unmount();
    expect(signals[0]?.aborted).toBe(true);
  });
});
