import { useMemo, useSyncExternalStore } from 'react';
import { parseLocationKey, type BrowserLocation } from './browser';
import { useShell } from './ShellContext';

/**
 * The browser's location for the lean part of the shell (session routes, landing), which
 * does without a router so that the landing page stays small.
 */
export function useBrowserLocation(): BrowserLocation {
  const { browser } = useShell();
  const key = useSyncExternalStore(browser.subscribeLocation, browser.locationKey);
  return useMemo(() => parseLocationKey(key), [key]);
}
