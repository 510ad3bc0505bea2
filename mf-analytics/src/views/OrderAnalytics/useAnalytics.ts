import { EVERY_APPLICATION, useParcel } from '@pos/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from '@pos/shared/router';
import { fetchApplications, fetchUsage } from '../../api';
import { useQuietLoad } from '../../hooks/useQuietLoad';
import { parseSelection, selectionRange, type AnalyticsSelection } from '../../selection';

/** The selection in the address (/analytics?appId=…&period=…), read once per change. */
export function useSelection(): AnalyticsSelection {
  const { search } = useLocation();
  return useMemo(() => parseSelection(search), [search]);
}

/**
 * The usage analytics of `selection`, reloaded quietly when the live stream says orders
 * changed (the figures stay on screen while the new ones load); with one application chosen,
 * only its own orders reload them.
 */
export function useUsage(selection: AnalyticsSelection) {
  const { api, bus } = useParcel();
  const { from, to } = selectionRange(selection);
  const { appId } = selection;
  const load = useCallback(
    (signal: AbortSignal) => fetchUsage(api, { appId, from, to }, signal),
    [api, appId, from, to],
  );
  const state = useQuietLoad(load);
  const { reload } = state;
  useEffect(() => {
    const subscription = bus.on('orders-changed', ({ applicationId }) => {
      if (appId === null || applicationId === appId || applicationId === EVERY_APPLICATION) {
        reload();
      }
    });
    return () => subscription.unsubscribe();
  }, [bus, appId, reload]);
  return { ...state, range: { from, to } };
}

/** The viewer's applications for the selector; an error leaves just 'All applications'. */
export function useApplications() {
  const { api } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchApplications(api, signal), [api]);
  return useQuietLoad(load);
}
