import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the component is still on screen. An answer that arrives after the page was left must
 * neither change its state nor send the browser anywhere: the person has moved on.
 */
export function useMounted(): () => boolean {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current, []);
}
