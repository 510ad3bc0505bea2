import { useParcel } from '@pos/shared';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchApplications, fetchUsage } from '../../api';
import { ORDER_EVENTS, useBusReload } from '../../hooks/useBusReload';
import { useQuietLoad } from '../../hooks/useQuietLoad';
import { parseSelection, selectionRange, type AnalyticsSelection } from '../../selection';

/** The selection in the address (/analytics?appId=…&period=…), read once per change. */
export function useSelection(): AnalyticsSelection {
  const { search } = useLocation();
  return useMemo(() => parseSelection(search), [search]);
}

/**
 * The usage analytics of `selection`, reloaded quietly when the live stream says orders
 * changed (the figures stay on screen while the new ones load).
 */
export function useUsage(selection: AnalyticsSelection) {
  const { api } = useParcel();
  const { from, to } = selectionRange(selection);
  const { appId } = selection;
  const load = useCallback(
    (signal: AbortSignal) => fetchUsage(api, { appId, from, to }, signal),
    [api, appId, from, to],
  );
  const state = useQuietLoad(load);
  useBusReload(ORDER_EVENTS, state.reload);
  return { ...state, range: { from, to } };
}

/** The viewer's applications for the selector; an error leaves just 'All applications'. */
export function useApplications() {
  const { api } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchApplications(api, signal), [api]);
  return useQuietLoad(load);
}
