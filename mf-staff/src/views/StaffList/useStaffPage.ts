import { useLoad, useParcel } from '@pos/shared';
import { useCallback } from 'react';
import { fetchStaff } from '../../api';
import type { Application, StaffPage, StaffUser } from '../../types';

/** A page of staff with the query it answers. */
export interface LoadedStaff {
  applicationId: string;
  page: number;
  staff: StaffPage;
}

/** A change the server confirmed, shown at once while the list reloads. */
export interface StaffChange {
  /** The server's user after a role change. */
  updated?: StaffUser;
  /** The user whose POS access was removed. */
  removed?: StaffUser;
}

const applied = (loaded: LoadedStaff, { updated, removed }: StaffChange): LoadedStaff => ({
  ...loaded,
  staff: {
    ...loaded.staff,
    data: loaded.staff.data
      .filter((user) => user.wpUserId !== removed?.wpUserId)
      .map((user) => (updated && user.wpUserId === updated.wpUserId ? updated : user)),
    totalAll: Math.max(0, loaded.staff.totalAll - (removed ? 1 : 0)),
  },
});

/**
 * One page of an application's staff. After a change on the same page the list reloads in place
 * (the rows stay while the new answer comes); another application or page is a new query, and
 * `showLoading` stands in until its answer, never the last query's rows.
 */
export function useStaffPage(application: Application | null, page: number) {
  const { api } = useParcel();
  const applicationId = application?.id ?? null;
  const load = useCallback(
    async (signal: AbortSignal): Promise<LoadedStaff | null> =>
      applicationId === null
        ? null
        : { applicationId, page, staff: await fetchStaff(api, { applicationId, page }, signal) },
    [api, applicationId, page],
  );
  const { setData, reload, ...state } = useLoad(load);
  // The last answer while it is about this application (any page).
  const loaded = state.data?.applicationId === applicationId ? state.data : null;
  const current = loaded?.page === page ? loaded.staff : null;

  const applyChange = useCallback(
    (change: StaffChange) => {
      setData((loaded) => (loaded === null ? loaded : applied(loaded, change)));
      reload();
    },
    [setData, reload],
  );

  return {
    status: state.status,
    error: state.error,
    /** The answer for the current application and page, or null while it loads. */
    current,
    showLoading: state.status !== 'error' && current === null,
    /**
     * The application's total from its last answer: it keeps the pager in place while another
     * page loads. Null before the first answer and after a failure.
     */
    pagerTotal: loaded && state.status !== 'error' ? loaded.staff.totalAll : null,
    reload,
    applyChange,
  };
}
