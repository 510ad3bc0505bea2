import { useCallback } from 'react';
import { useLoad, useParcel } from '@pos/shared';
import { fetchCards } from '../api';

/** The viewer's saved cards (GET /payment-methods), kept in step with the changes made here. */
export function useCards() {
  const { api } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchCards(api, signal), [api]);
  return useLoad(load);
}
