import { useLoad, useParcel } from '@pos/shared';
import { useCallback } from 'react';
import { fetchVerifiedApplications } from '../api';

/** The manager's verified applications, loaded once per page (spec 5: only these are offered). */
export function useVerifiedApplications() {
  const { api } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchVerifiedApplications(api, signal), [api]);
  return useLoad(load);
}
