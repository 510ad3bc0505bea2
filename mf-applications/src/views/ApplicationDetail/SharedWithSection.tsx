import { isAxiosError } from 'axios';
import { useCallback, useMemo, useState } from 'react';
import { Card, ErrorState, Pagination, apiErrorMessage, useParcel, useLoad } from '@pos/shared';
import type { InviteOutcome } from '@pos/shared/store-kit';
import { fetchSharedUsers, sendInvitation } from '../../api';
import { SharedWithTable } from '../../components/SharedWithTable';
import { applicationsTestIds } from '../../testIds';
import {
  SHARED_USERS_PAGE_SIZE,
  type Application,
  type SharedUser,
  type SharedWithRow,
} from '../../types';

const ids = applicationsTestIds.sharedWith;

/**
 * The 'Shared with' card of an authorized application: the store's POS users, 10 per page,
 * with invitations for those who do not use the dashboard yet.
 */
export function SharedWithSection({ application }: { application: Application }) {
  const { api, bus, viewer } = useParcel();
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => fetchSharedUsers(api, application.id, page, signal),
    [api, application.id, page],
  );
  const users = useLoad(load);
  const data = users.data;

  // The store lists users by id; the api splits each page into POS and wp users.
  const rows = useMemo<SharedWithRow[]>(
    () =>
      data
        ? [
            ...data.pos.map((user) => ({ kind: 'pos' as const, user })),
            ...data.wp.map((user) => ({ kind: 'wp' as const, user })),
          ].sort((a, b) => a.user.id - b.user.id)
        : [],
    [data],
  );

  const invite = async (user: SharedUser): Promise<InviteOutcome> => {
    try {
      const { message, invitationCount } = await sendInvitation(api, {
        applicationId: application.id,
        wpUserId: user.id,
        wordPressUsername: user.name,
        ssoUserFullName: viewer.fullName ?? '',
        appName: application.name,
        email: user.email,
        userName: user.name,
      });
      bus.emit('notify', { message, status: 'success' });
      return { outcome: 'sent', invitationCount };
    } catch (error) {
      bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
      return isAxiosError(error) && error.response?.status === 429
        ? { outcome: 'limit' }
        : { outcome: 'failed' };
    }
  };

  return (
    <Card title="Shared with" flush className="pos-apps-detail__shared" data-testid={ids.section}>
      {users.status === 'error' ? (
        <ErrorState
          title="The users of the store could not be loaded"
          message={apiErrorMessage(users.error)}
          onRetry={users.reload}
          data-testid={ids.error}
        />
      ) : (
        <SharedWithTable rows={rows} loading={users.status === 'loading'} onInvite={invite} />
      )}
      {users.status !== 'error' && data && (
        <Pagination
          page={page}
          pageSize={SHARED_USERS_PAGE_SIZE}
          totalRecords={data.totalAll}
          onPageChange={setPage}
          className="pos-apps-detail__pagination"
          data-testid={ids.pagination}
        />
      )}
    </Card>
  );
}
