import { useCallback } from 'react';
import { useLoad, useParcel } from '@pos/shared';
import { fetchAdminUsers } from '../api';
import type { AdminUserRow, AdminUsersQuery } from '../types';

/**
 * Loads the page of users `query` asks for through the shared `useLoad`: a newer query cancels
 * an older request, and the last list stays on screen while the next page loads.
 */
export function useAdminUsers(query: AdminUsersQuery) {
  const { api } = useParcel();
  const load = useCallback(
    (signal: AbortSignal) => fetchAdminUsers(api, query, signal),
    [api, query],
  );
  const { setData, ...users } = useLoad(load);

  /** Applies a change the server confirmed to the row on screen, without reloading. */
  const updateUser = useCallback(
    (userId: string, change: Partial<AdminUserRow>) =>
      setData((list) => ({
        ...list,
        list: list.list.map((user) => (user.id === userId ? { ...user, ...change } : user)),
      })),
    [setData],
  );

  return { ...users, updateUser };
}
