import { useCallback, useEffect } from 'react';
import { useLoad, useParcel } from '@pos/shared';
import { fetchPlanState } from '../api';

/**
 * The viewer's plan (GET /subscription-monitor), loaded again whenever anything announces
 * `plan-changed` on the bus (a subscribe, a card change, the shell after a renewal), and on
 * `orders-changed`, so this period's orders and excess follow the live orders.
 */
export function usePlanState() {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchPlanState(api, signal), [api]);
  const state = useLoad(load);
  const { reload } = state;
  useEffect(() => {
    const planChanged = bus.on('plan-changed', reload);
    const ordersChanged = bus.on('orders-changed', reload);
    return () => {
      planChanged.unsubscribe();
      ordersChanged.unsubscribe();
    };
  }, [bus, reload]);
  return state;
}
