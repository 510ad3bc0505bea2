import {
  IconButton,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  Select,
  isStaffRole,
  type StaffRole,
} from '@pos/shared';
import { staffTestIds } from '../../testIds';
import {
  SELECT_ROLE,
  STORE_ADMINISTRATOR,
  STORE_ADMINISTRATOR_HINT,
  removeAccessOf,
  roleOf,
} from '../../texts';
import type { StaffUser } from '../../types';

const ids = staffTestIds.list;

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

export interface ManageCellProps {
  user: StaffUser;
  /** The role the select shows: the user's, or the one being changed to. */
  role: StaffRole | null;
  /** A change or removal of this user is on its way. */
  busy: boolean;
  onChangeRole: (role: StaffRole) => void;
  onRemove: () => void;
}

/**
 * What a manager can do with a staff user (issue 13): change the POS role and remove POS access.
 * The store administrator who connected the application gets a note instead: the store refuses
 * both for them.
 */
export function ManageCell({ user, role, busy, onChangeRole, onRemove }: ManageCellProps) {
  if (user.isConnectionOwner) {
    return (
      <span
        className="pos-staff-manage__owner"
        title={STORE_ADMINISTRATOR_HINT}
        data-testid={ids.ownerNote(user.wpUserId)}
      >
        {STORE_ADMINISTRATOR}
      </span>
    );
  }
  return (
    <span className="pos-staff-manage">
      <Select
        compact
        hideLabel
        label={roleOf(user.name)}
        className="pos-staff-manage__role"
        options={ROLE_OPTIONS}
        placeholder={role ? undefined : SELECT_ROLE}
        value={role ?? ''}
        aria-busy={busy || undefined}
        data-testid={ids.roleSelect(user.wpUserId)}
        onChange={(event) => {
          const next = event.target.value;
          if (!busy && next !== role && isStaffRole(next)) onChangeRole(next);
        }}
      />
      <IconButton
        icon="trash"
        size="sm"
        variant="ghost"
        className="pos-staff-manage__remove"
        aria-label={removeAccessOf(user.name)}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onRemove();
        }}
        data-testid={ids.removeButton(user.wpUserId)}
      />
    </span>
  );
}
