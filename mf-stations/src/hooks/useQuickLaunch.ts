import { useCallback, useState } from 'react';
import { apiErrorMessage, useParcel, useLoad, useMounted } from '@pos/shared';
import { fetchUserSettings, toggleQuickLaunch } from '../api';
import { QUICK_LAUNCH_CHANGED_ELSEWHERE } from '../texts';

/**
 * The viewer's Quick Launch (spec 3: quickLaunchPOSIds keyed '{applicationId}/{posID}'). A
 * toggle shows at once and goes back with a danger bubble when the server refuses it; after a
 * change the bus hears 'settings-changed' so the dashboard's POS tile follows. The server
 * toggles the key, so a page that was stale (pinned or unpinned elsewhere) can get the opposite
 * of what was clicked: the toggle is then sent once more, and if the server still disagrees the
 * switch shows what it holds, with an info bubble.
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
      let answered = await toggleQuickLaunch(api, key);
      if (Boolean(answered.quickLaunchPOSIds[key]) !== pinned) {
        answered = await toggleQuickLaunch(api, key);
      }
      const held = Boolean(answered.quickLaunchPOSIds[key]);
      if (held !== pinned)
        bus.emit('notify', { message: QUICK_LAUNCH_CHANGED_ELSEWHERE, status: 'info' });
      // What the server holds now wins over what this page guessed.
      if (isMounted()) setPinned(key, held);
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
