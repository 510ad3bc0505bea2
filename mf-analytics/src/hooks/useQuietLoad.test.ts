import { act, renderHook, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { useQuietLoad } from './useQuietLoad';

/** A load per query whose answers the test releases by hand. */
function controlledLoads() {
  const pending: Array<{ query: number; resolve: (value: string) => void }> = [];
  const useQuery = (query: number) => {
    const load = useCallback(
      () =>
        new Promise<string>((resolve) => {
          pending.push({ query, resolve });
        }),
      [query],
    );
    return useQuietLoad(load);
  };
  const answer = async (text: string) => {
    const next = pending.shift();
    if (!next) throw new Error('no load is pending');
    await act(async () => next.resolve(text));
  };
  return { useQuery, answer, pending };
}

describe('useQuietLoad', () => {
  it('keeps the figures on screen while the same query reloads', async () => {
    const { useQuery, answer } = controlledLoads();
    const { result } = renderHook(() => useQuery(1));
    expect(result.current.showLoading).toBe(true);
    await answer('page 1');
    expect(result.current.data).toBe('page 1');

    act(() => result.current.reload());
    expect(result.current.showLoading).toBe(false);
    expect(result.current.refreshing).toBe(true);
    expect(result.current.data).toBe('page 1');
    await answer('page 1, one more');
    expect(result.current.data).toBe('page 1, one more');
    expect(result.current.refreshing).toBe(false);
  });

  it('shows the loading state, not the old figures, when the query changes', async () => {
    const { useQuery, answer } = controlledLoads();
    const { result, rerender } = renderHook(({ query }) => useQuery(query), {
      initialProps: { query: 1 },
    });
    await answer('page 1');
    expect(result.current.data).toBe('page 1');

    rerender({ query: 2 });
    expect(result.current.data).toBeNull();
    expect(result.current.showLoading).toBe(true);
    expect(result.current.refreshing).toBe(false);
    expect(result.current.lastData).toBe('page 1');
    await answer('page 2');
    await waitFor(() => expect(result.current.data).toBe('page 2'));
    expect(result.current.showLoading).toBe(false);
  });
});
