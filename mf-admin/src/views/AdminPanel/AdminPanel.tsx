import { useState } from 'react';
import { Card, ConfirmDialog, ErrorState, Pagination, apiErrorMessage } from '@pos/shared';
import { AdminSections } from '../../components/AdminSections';
import { UserFilters } from '../../components/UserFilters';
import { UserTable } from '../../components/UserTable';
import { useAdminUsers } from '../../hooks/useAdminUsers';
import { userDisplayName, useUserActions } from '../../hooks/useUserActions';
import { adminTestIds } from '../../testIds';
import { ADMIN_PAGE_SIZE, type AdminUsersQuery, type PeriodRange } from '../../types';
import './AdminPanel.css';

/**
 * The Admin Panel (spec 2.8): every user of the platform, filtered by name or email and by
 * creation month, 10 per page, with block/unblock and the subscription type.
 */
export function AdminPanel() {
  const [query, setQuery] = useState<AdminUsersQuery>({ page: 1, filter: '', range: null });
  const users = useAdminUsers(query);
  const actions = useUserActions(users.updateUser);

  // A new filter or range starts again from the first page.
  const changeFilter = (filter: string) =>
    setQuery((previous) =>
      previous.filter.trim() === filter.trim() ? previous : { ...previous, filter, page: 1 },
    );
  const changeRange = (range: PeriodRange | null) =>
    setQuery((previous) => ({ ...previous, range, page: 1 }));

  const list = users.data;
  const showError = users.status === 'error';

  return (
    <div className="pos-admin" data-testid={adminTestIds.page}>
      <AdminSections />
      <header className="pos-admin__header">
        <h1 className="pos-admin__title">Users</h1>
        {list && (
          <p className="pos-admin__summary">
            {list.totalAll === 1 ? '1 user' : `${list.totalAll} users`} on the platform
          </p>
        )}
      </header>

      <Card flush className="pos-admin__card">
        <UserFilters onFilterChange={changeFilter} onRangeChange={changeRange} />
        {showError ? (
          <ErrorState
            title="The users could not be loaded"
            message={apiErrorMessage(users.error)}
            onRetry={users.reload}
            data-testid={adminTestIds.error}
          />
        ) : (
          <UserTable
            users={list?.list ?? []}
            loading={users.status === 'loading'}
            pendingIds={actions.pendingIds}
            onToggleBlock={actions.toggleBlock}
            onChangeType={actions.changeType}
          />
        )}
        {!showError && list && (
          <Pagination
            page={query.page}
            pageSize={ADMIN_PAGE_SIZE}
            totalRecords={list.totalRecords}
            onPageChange={(page) => setQuery((previous) => ({ ...previous, page }))}
            className="pos-admin__pagination"
            data-testid={adminTestIds.pagination}
          />
        )}
      </Card>

      <ConfirmDialog
        open={actions.blockCandidate !== null}
        tone="danger"
        title="Block this user?"
        message={
          actions.blockCandidate &&
          `${userDisplayName(actions.blockCandidate)} will lose access to the dashboard until unblocked.`
        }
        confirmLabel="Block"
        busy={actions.blockCandidate !== null && actions.pendingIds.has(actions.blockCandidate.id)}
        onConfirm={() => void actions.confirmBlock()}
        onCancel={actions.cancelBlock}
      />
    </div>
  );
}
