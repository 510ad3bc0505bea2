import { useCallback, useEffect } from 'react';
import { useParcel, useLoad } from '@pos/shared';
import { fetchOwnStations, fetchSharedStations } from '../api';
import { applicationErrorMessage } from '../texts';
import type { OwnApplicationStations } from '../types';
import { useQuickLaunch } from './useQuickLaunch';

const noOwnStations = async (): Promise<OwnApplicationStations[]> => [];

/**
 * What /stations and the POS tile show: the manager's own stations (managers only), the
 * stations shared with the viewer and Quick Launch, each loaded on its own so one failure costs
 * its own section. With `announceStoreErrors`, each application whose store failed is told once
 * per load as a danger bubble 'name: message' (spec 8).
 */
export function useStationsOverview({ announceStoreErrors }: { announceStoreErrors: boolean }) {
  const { api, bus, viewer } = useParcel();
  const isManager = viewer.userRole === 'manager';
  const loadOwn = useCallback(
    (signal: AbortSignal) => (isManager ? fetchOwnStations(api, signal) : noOwnStations()),
    [api, isManager],
  );
  const announce = useCallback(
    (own: OwnApplicationStations[]) => {
      if (!announceStoreErrors) return;
      for (const { application, error } of own) {
        if (error) {
          bus.emit('notify', {
            message: applicationErrorMessage(application.name, error),
            status: 'danger',
          });
        }
      }
    },
    [announceStoreErrors, bus],
  );
  const own = useLoad(loadOwn, announce);
  const loadShared = useCallback((signal: AbortSignal) => fetchSharedStations(api, signal), [api]);
  const shared = useLoad(loadShared);
  const quickLaunch = useQuickLaunch();

  // Another part of the page (or another remote) changed the settings: Quick Launch follows.
  const { reload: reloadSettings } = quickLaunch;
  useEffect(() => {
    const subscription = bus.on('settings-changed', reloadSettings);
    return () => subscription.unsubscribe();
  }, [bus, reloadSettings]);

  return { isManager, own, shared, quickLaunch };
}
