import { CellLabel, STAFF_ROLE_LABELS, Table, isStaffRole, type TableColumn } from '@pos/shared';
import type { InviteOutcome } from '@pos/shared/store-kit';
import type { ReactNode } from 'react';
import { staffTestIds } from '../../testIds';
import {
  COLUMNS,
  LOADING_STAFF_LIST,
  NEVER,
  POS_USER_ACCESS,
  STAFF_TABLE_CAPTION,
  WP_USER_ACCESS,
} from '../../texts';
import type { StaffUser } from '../../types';
import { LastAccessCell, StatusCell, UserCell } from './cells';
import { ManageCell } from './ManageCell';
import './StaffTable.css';

const ids = staffTestIds.list;

/** A staff user's role as people read it: the POS role, else the store's roles. */
export const roleTypeOf = (user: StaffUser): string =>
  user.role
    ? STAFF_ROLE_LABELS[user.role]
    : user.roles.map((role) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role)).join(', ') ||
      NEVER;

export interface StaffTableProps {
  /** The application whose staff these are (the caption names it). */
  applicationName: string;
  staff: readonly StaffUser[];
  loading: boolean;
  /** The row shown when there is nobody to list: one of the spec's empty states. */
  emptyState: ReactNode;
  /** Users with a role change or a removal on its way: their Manage controls wait. */
  busyIds: ReadonlySet<number>;
  onInvite: (user: StaffUser) => Promise<InviteOutcome>;
  onChangeRole: (user: StaffUser) => void;
  onRemove: (user: StaffUser) => void;
}

/**
 * The staff table (spec 2.6, 4): User, Email, Role Type, Access, Status, Last Access and Manage.
 * POS users are Active with 'Stations, Cloud'; wp users have 'Stations' and their invitation
 * status with its (re)send button. On phones each row becomes a card.
 */
export function StaffTable({
  applicationName,
  staff,
  loading,
  emptyState,
  busyIds,
  onInvite,
  onChangeRole,
  onRemove,
}: StaffTableProps) {
  const columns: TableColumn<StaffUser>[] = [
    {
      id: 'user',
      header: COLUMNS.user,
      rowHeader: true,
      cell: (user) => <UserCell user={user} />,
    },
    {
      id: 'email',
      header: COLUMNS.email,
      width: '20%',
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.email}</CellLabel>
          {/* A long address is cut short on wide screens; the title shows it whole. */}
          <span className="pos-staff-table__email" title={user.email}>
            {user.email}
          </span>
        </>
      ),
    },
    {
      id: 'role',
      header: COLUMNS.roleType,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.roleType}</CellLabel>
          <span data-testid={ids.role(user.wpUserId)}>{roleTypeOf(user)}</span>
        </>
      ),
    },
    {
      id: 'access',
      header: COLUMNS.access,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.access}</CellLabel>
          <span data-testid={ids.access(user.wpUserId)}>
            {user.kind === 'pos' ? POS_USER_ACCESS : WP_USER_ACCESS}
          </span>
        </>
      ),
    },
    {
      id: 'status',
      header: COLUMNS.status,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.status}</CellLabel>
          <StatusCell user={user} onInvite={onInvite} />
        </>
      ),
    },
    {
      id: 'lastAccess',
      header: COLUMNS.lastAccess,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.lastAccess}</CellLabel>
          <LastAccessCell user={user} />
        </>
      ),
    },
    {
      id: 'manage',
      header: COLUMNS.manage,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.manage}</CellLabel>
          <ManageCell
            user={user}
            busy={busyIds.has(user.wpUserId)}
            onChangeRole={() => onChangeRole(user)}
            onRemove={() => onRemove(user)}
          />
        </>
      ),
    },
  ];

  return (
    <Table
      caption={STAFF_TABLE_CAPTION(applicationName)}
      captionHidden
      stacked
      className="pos-staff-table"
      columns={columns}
      rows={staff}
      rowKey={(user) => user.wpUserId}
      rowProps={(user) => ({
        'data-testid': ids.row(user.wpUserId),
        'data-wp-user-id': String(user.wpUserId),
        'data-kind': user.kind,
      })}
      loading={loading}
      loadingText={LOADING_STAFF_LIST}
      emptyText={emptyState}
      testId={ids.table}
    />
  );
}
