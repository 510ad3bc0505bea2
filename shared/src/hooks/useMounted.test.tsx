import { renderHook } from '@testing-library/react';
import { useMounted } from './useMounted';

describe('useMounted', () => {
  it('says the component is on screen while it is', () => {
    const { result } = renderHook(() => useMounted());
    expect(result.current()).toBe(true);
  });

  it('says the component is gone once it has left the screen', () => {
    const { result, unmount } = renderHook(() => useMounted());
    const isMounted = result.current;
    unmount();
    expect(isMounted()).toBe(false);
  });

  it('keeps the same check across renders, so callbacks that use it stay stable', () => {
    const { result, rerender } = renderHook(() => useMounted());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
