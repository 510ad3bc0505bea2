import type { AxiosInstance } from 'axios';
import { useEffect } from 'react';
import { useShell } from '../app/ShellContext';
import { apiPaths } from '../urls';

/**
 * Spec 4: a danger bubble is also written to the activity feed as an errorNotification.
 * A failed write is ignored: the bubble has already told the user.
 */
export function useDangerBubbleLog(api: AxiosInstance): void {
  const { bus } = useShell();
  useEffect(() => {
    const subscription = bus.on('notify', ({ status, message }) => {
      if (status !== 'danger') return;
      const entry = { name: message, feedType: 'errorNotification' };
      api.post(apiPaths.activities, entry).then(
        () => bus.emit('activity-logged', entry),
        () => undefined,
      );
    });
    return () => subscription.unsubscribe();
  }, [api, bus]);
}
