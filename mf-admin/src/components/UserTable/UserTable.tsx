import { EmptyState, NAME_NOT_SPECIFIED, Table, type TableColumn } from '@pos/shared';
import { USER_ROLE_LABELS, formatCreatedAt } from '../../format';
import { userDisplayName } from '../../hooks/useUserActions';
import { adminTestIds } from '../../testIds';
import type { AdminUserRow, SubscriptionType } from '../../types';
import { BlockToggle } from '../BlockToggle';
import { SubscriptionTypeSelect } from '../SubscriptionTypeSelect';
import './UserTable.css';

/** Spec 2.8: the text of an empty result. */
export const NO_USERS_TEXT = 'No users were found by your request';

export interface UserTableProps {
  users: readonly AdminUserRow[];
  loading: boolean;
  /** Users whose change is being saved. */
  pendingIds: ReadonlySet<string>;
  onToggleBlock: (user: AdminUserRow) => void;
  onChangeType: (user: AdminUserRow, type: SubscriptionType) => void;
}

/**
 * The admin user list. The Type and Status cells are the controls that change them: a
 * subscription type select and the Active/Blocked toggle.
 */
export function UserTable({
  users,
  loading,
  pendingIds,
  onToggleBlock,
  onChangeType,
}: UserTableProps) {
  const columns: TableColumn<AdminUserRow>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (user) =>
        user.fullName ? (
          <span className="pos-admin-users__name">{user.fullName}</span>
        ) : (
          <span className="pos-admin-users__muted">{NAME_NOT_SPECIFIED}</span>
        ),
    },
    {
      id: 'email',
      header: 'Email',
      cell: (user) => <span className="pos-admin-users__email">{user.email}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      cell: (user) => (
        <SubscriptionTypeSelect
          value={user.type}
          userName={userDisplayName(user)}
          disabled={pendingIds.has(user.id)}
          onChange={(type) => onChangeType(user, type)}
          data-testid={adminTestIds.subscriptionType(user.id)}
        />
      ),
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (user) => user.plan ?? <span className="pos-admin-users__muted">No plan</span>,
    },
    {
      id: 'orders',
      header: (
        <>
          Orders <span className="pos-admin-users__sub-header">total / month / today</span>
        </>
      ),
      align: 'end',
      cell: (user) => (
        <span className="pos-admin-users__orders">
          {user.ordersCount} / {user.ordersCountMonth} / {user.ordersCountToday}
        </span>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => USER_ROLE_LABELS[user.userRole] ?? user.userRole,
    },
    {
      id: 'created',
      header: 'Created',
      cell: (user) => <time dateTime={user.createdAt}>{formatCreatedAt(user.createdAt)}</time>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (user) => (
        <BlockToggle
          status={user.block}
          userName={userDisplayName(user)}
          pending={pendingIds.has(user.id)}
          onToggle={() => onToggleBlock(user)}
          data-testid={adminTestIds.blockToggle(user.id)}
        />
      ),
    },
  ];

  return (
    <Table
      caption="Users"
      captionHidden
      className="pos-admin-users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      rowTestId={(user) => adminTestIds.userRow(user.id)}
      loading={loading}
      loadingText="Loading users"
      emptyText={<EmptyState title={NO_USERS_TEXT} data-testid={adminTestIds.empty} />}
      testId={adminTestIds.usersTable}
    />
  );
}
