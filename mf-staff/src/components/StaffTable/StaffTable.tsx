import {
  Badge,
  CellLabel,
  InviteButton,
  STAFF_ROLE_LABELS,
  Table,
  type InviteOutcome,
  type StaffRole,
  type TableColumn,
} from '@pos/shared';
import type { ReactNode } from 'react';
import { formatLastAccess } from '../../lastAccess';
import { staffTestIds } from '../../testIds';
import {
  ACTIVE,
  COLUMNS,
  LOADING_STAFF_LIST,
  NEVER,
  NEVER_LABEL,
  POS_USER_ACCESS,
  STAFF_TABLE_CAPTION,
  WP_USER_ACCESS,
} from '../../texts';
import type { StaffUser } from '../../types';
import { ManageCell } from './ManageCell';
import './StaffTable.css';

const ids = staffTestIds.list;

/** A staff user's role as people read it: the POS role, else the store's roles. */
export const roleTypeOf = (user: StaffUser): string =>
  user.role
    ? STAFF_ROLE_LABELS[user.role]
    : user.roles.map((role) => STAFF_ROLE_LABELS[role as StaffRole] ?? role).join(', ') || NEVER;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

export interface StaffTableProps {
  /** The application whose staff these are (the caption names it). */
  applicationName: string;
  staff: readonly StaffUser[];
  loading: boolean;
  /** The row shown when there is nobody to list: one of the spec's empty states. */
  emptyState: ReactNode;
  /** Users with a role change or a removal on its way: their Manage controls wait. */
  busyIds: ReadonlySet<number>;
  /** The role a user's select shows while its change is asked about or saved. */
  pendingRoles: ReadonlyMap<number, StaffRole>;
  onInvite: (user: StaffUser) => Promise<InviteOutcome>;
  onChangeRole: (user: StaffUser, role: StaffRole) => void;
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
  pendingRoles,
  onInvite,
  onChangeRole,
  onRemove,
}: StaffTableProps) {
  const columns: TableColumn<StaffUser>[] = [
    {
      id: 'user',
      header: COLUMNS.user,
      rowHeader: true,
      cell: (user) => (
        <span className="pos-staff-table__user">
          <span className="pos-staff-table__avatar" aria-hidden="true">
            {initialsOf(user.name) || '?'}
          </span>
          <span className="pos-staff-table__who">
            <span className="pos-staff-table__name">{user.name}</span>
            <span className="pos-staff-table__username">{user.username}</span>
          </span>
        </span>
      ),
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
          <span className="pos-staff-table__access" data-testid={ids.access(user.wpUserId)}>
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
          <span className="pos-staff-table__status" data-testid={ids.status(user.wpUserId)}>
            {user.kind === 'pos' ? (
              <Badge tone="success" icon="check">
                {ACTIVE}
              </Badge>
            ) : user.isConnectionOwner ? (
              // The store's own administrator is not invited from here (the api refuses it).
              <span className="pos-staff-table__muted">{NEVER}</span>
            ) : (
              // A new count from the server starts the button again from that count.
              <InviteButton
                key={user.invitationCount}
                invitationCount={user.invitationCount}
                onInvite={() => onInvite(user)}
                data-testid={ids.inviteButton(user.wpUserId)}
                statusTestId={ids.inviteStatus(user.wpUserId)}
              />
            )}
          </span>
        </>
      ),
    },
    {
      id: 'lastAccess',
      header: COLUMNS.lastAccess,
      cell: (user) => (
        <>
          <CellLabel>{COLUMNS.lastAccess}</CellLabel>
          {user.lastAccess ? (
            <time dateTime={user.lastAccess} data-testid={ids.lastAccess(user.wpUserId)}>
              {formatLastAccess(user.lastAccess)}
            </time>
          ) : (
            <span
              className="pos-staff-table__muted"
              aria-label={NEVER_LABEL}
              data-testid={ids.lastAccess(user.wpUserId)}
            >
              {NEVER}
            </span>
          )}
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
            role={pendingRoles.get(user.wpUserId) ?? user.role}
            onChangeRole={(role) => onChangeRole(user, role)}
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
