import type { AxiosInstance } from 'axios';
import { createContext, useContext } from 'react';

const ApiContext = createContext<AxiosInstance | null>(null);

/** Provides the signed-in shell's api client. */
export const ApiProvider = ApiContext.Provider;

/** The api client of /api/connect-ui (bearer token, 402 → check-ban); signed in only. */
export function useApi(): AxiosInstance {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside ApiProvider');
  return api;
}
