import { act, renderHook } from '@testing-library/react';
import { useMediaQuery } from './useMediaQuery';

describe('useMediaQuery', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('follows the query and listens once however often the component renders', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    const addEventListener = jest.fn((_type: string, listener: () => void) =>
      listeners.add(listener),
    );
    window.matchMedia = jest.fn(() => ({
      get matches() {
        return matches;
      },
      addEventListener,
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })) as unknown as typeof window.matchMedia;

    const { result, rerender } = renderHook(() => useMediaQuery('(max-width: 991.98px)'));
    rerender();
    rerender();
    expect(result.current).toBe(false);
    expect(addEventListener).toHaveBeenCalledTimes(1);

    matches = true;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe(true);
    expect(addEventListener).toHaveBeenCalledTimes(1);
  });
});
