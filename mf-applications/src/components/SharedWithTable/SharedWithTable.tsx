import {
  CellLabel,
  Badge,
  EmptyState,
  STAFF_ROLE_LABELS,
  Table,
  isStaffRole,
  type TableColumn,
} from '@pos/shared';
import { InviteButton, type InviteOutcome } from '@pos/shared/store-kit';
import { applicationsTestIds } from '../../testIds';
import { NO_USERS, POS_USER_ACCESS, WP_USER_ACCESS } from '../../texts';
import type { SharedUser, SharedWithRow } from '../../types';
import './SharedWithTable.css';

const ids = applicationsTestIds.sharedWith;

/** A user's WordPress roles as people read them (the POS roles by @pos/shared's labels). */
export const roleTypeOf = (user: SharedUser): string =>
  user.roles.map((role) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role)).join(', ') || '—';

export interface SharedWithTableProps {
  rows: readonly SharedWithRow[];
  loading: boolean;
  /** Sends one invitation to a wp user. */
  onInvite: (user: SharedUser) => Promise<InviteOutcome>;
}

/**
 * The 'Shared with' table (spec 2.4, 4): User, Email, Role Type, Access. POS users are Active
 * with 'Stations, Cloud'; wp users have 'Stations' and the invitation button.
 */
export function SharedWithTable({ rows, loading, onInvite }: SharedWithTableProps) {
  const columns: TableColumn<SharedWithRow>[] = [
    {
      id: 'user',
      header: 'User',
      rowHeader: true,
      cell: ({ user }) => user.name,
    },
    {
      id: 'email',
      header: 'Email',
      cell: ({ user }) => (
        <>
          <CellLabel>Email</CellLabel>
          <span className="pos-apps-shared__email">{user.email}</span>
        </>
      ),
    },
    {
      id: 'roles',
      header: 'Role Type',
      cell: ({ user }) => (
        <>
          <CellLabel>Role Type</CellLabel>
          {roleTypeOf(user)}
        </>
      ),
    },
    {
      id: 'access',
      header: 'Access',
      cell: ({ kind, user }) => (
        <>
          <CellLabel>Access</CellLabel>
          <span className="pos-apps-shared__access">
            <span data-testid={ids.access(user.id)}>
              {kind === 'pos' ? POS_USER_ACCESS : WP_USER_ACCESS}
            </span>
            {kind === 'pos' ? (
              <Badge tone="success" icon="check">
                Active
              </Badge>
            ) : (
              // A new count from the server starts the button again from that count.
              <InviteButton
                key={user.invitationCount}
                invitationCount={user.invitationCount}
                onInvite={() => onInvite(user)}
                data-testid={ids.inviteButton(user.id)}
                statusTestId={ids.inviteStatus(user.id)}
              />
            )}
          </span>
        </>
      ),
    },
  ];

  return (
    <Table
      caption="Users of the store"
      captionHidden
      stacked
      className="pos-apps-shared"
      columns={columns}
      rows={rows}
      rowKey={({ user }) => user.id}
      rowTestId={({ user }) => ids.row(user.id)}
      loading={loading}
      loadingText="Loading users"
      emptyText={<EmptyState title={NO_USERS} icon="staff" data-testid={ids.empty} />}
      testId={ids.table}
    />
  );
}
