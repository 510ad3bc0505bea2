import { useCallback, useState } from 'react';
import { apiErrorMessage, useParcel, useLoad, useMounted } from '@pos/shared';
import { fetchUserSettings, toggleQuickLaunch } from '../api';

/**
 * The viewer's Quick Launch (spec 3: quickLaunchPOSIds keyed '{applicationId}/{posID}'). A
 * toggle shows at once and goes back with a danger bubble when the server refuses it; after a
 * change the bus hears 'settings-changed' so the dashboard's POS tile follows.
 */
export function useQuickLaunch() {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchUserSettings(api, signal), [api]);
  const settings = useLoad(load);
  const { setData } = settings;
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const isMounted = useMounted();

  const setPinned = useCallback(
    (key: string, pinned: boolean) =>
      setData((data) => {
        const quickLaunchPOSIds = { ...data.quickLaunchPOSIds };
        if (pinned) quickLaunchPOSIds[key] = true;
        else delete quickLaunchPOSIds[key];
        return { ...data, quickLaunchPOSIds };
      }),
    [setData],
  );

  const toggle = async (key: string, pinned: boolean) => {
    if (pending.has(key)) return;
    setPinned(key, pinned);
    setPending((current) => new Set(current).add(key));
    try {
      const answered = await toggleQuickLaunch(api, key);
      // The server toggles: what it holds now wins over what this page guessed.
      if (isMounted()) setPinned(key, Boolean(answered.quickLaunchPOSIds[key]));
      bus.emit('settings-changed');
    } catch (error) {
      if (isMounted()) setPinned(key, !pinned);
      bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
    } finally {
      if (isMounted()) {
        setPending((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }
    }
  };

  return {
    status: settings.status,
    error: settings.error,
    reload: settings.reload,
    pinned: settings.data?.quickLaunchPOSIds ?? {},
    /** Whether the switches can be used: the settings are known. */
    ready: settings.data !== null,
    pending,
    toggle,
  };
}
