import { useParcel, type PosEventType } from '@pos/shared';
import { useEffect } from 'react';

/**
 * Calls `reload` whenever one of `events` arrives on the bus (the live stream's
 * 'orders-changed' and 'activity-logged'). `events` must be a stable array (a module constant).
 */
export function useBusReload(events: readonly PosEventType[], reload: () => void): void {
  const { bus } = useParcel();
  useEffect(() => {
    const subscriptions = events.map((type) => bus.on(type, () => reload()));
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bus, events, reload]);
}

/** The events after which order counts and charts are stale. */
export const ORDER_EVENTS: readonly PosEventType[] = ['orders-changed'];

/** The events after which the feed is stale. */
export const FEED_EVENTS: readonly PosEventType[] = ['activity-logged'];
