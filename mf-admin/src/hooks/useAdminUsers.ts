import { useCallback, useEffect, useState } from 'react';
import { useParcel } from '@pos/shared';
import { fetchAdminUsers } from '../api';
import type { AdminUserList, AdminUserRow, AdminUsersQuery } from '../types';

/** The user list as it loads. The last list stays while the next page loads. */
export interface AdminUsersState {
  status: 'loading' | 'success' | 'error';
  data: AdminUserList | null;
  error: unknown;
}

/** Loads the page of users `query` asks for; a newer query cancels an older request. */
export function useAdminUsers(query: AdminUsersQuery) {
  const { api } = useParcel();
  const [state, setState] = useState<AdminUsersState>({
    status: 'loading',
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, status: 'loading', error: null }));
    fetchAdminUsers(api, query, controller.signal).then(
      // A transport that answers despite the abort must not put an older page over a newer one.
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({ ...previous, status: 'error', error }));
        }
      },
    );
    return () => controller.abort();
  }, [api, query, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  /** Applies a change the server confirmed to the row on screen, without reloading. */
  const updateUser = useCallback((userId: string, change: Partial<AdminUserRow>) => {
    setState((previous) =>
      previous.data
        ? {
            ...previous,
            data: {
              ...previous.data,
              list: previous.data.list.map((user) =>
                user.id === userId ? { ...user, ...change } : user,
              ),
            },
          }
        : previous,
    );
  }, []);

  return { ...state, reload, updateUser };
}
