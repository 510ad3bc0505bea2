import { IconButton } from '@pos/shared';
import { staffTestIds } from '../../testIds';
import {
  STORE_ADMINISTRATOR,
  STORE_ADMINISTRATOR_HINT,
  changeRoleOf,
  removeAccessOf,
} from '../../texts';
import type { StaffUser } from '../../types';

const ids = staffTestIds.list;

export interface ManageCellProps {
  user: StaffUser;
  /** A change or removal of this user is on its way. */
  busy: boolean;
  onChangeRole: () => void;
  onRemove: () => void;
}

/**
 * What a manager can do with a staff user (issue 13): change the POS role and remove POS access,
 * each in a dialog. The store administrator who connected the application gets a note instead:
 * the store refuses both for them.
 */
export function ManageCell({ user, busy, onChangeRole, onRemove }: ManageCellProps) {
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
      <IconButton
        icon="shield"
        size="sm"
        variant="secondary"
        aria-label={changeRoleOf(user.name)}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) onChangeRole();
        }}
        data-testid={ids.roleButton(user.wpUserId)}
      />
      <IconButton
        icon="trash"
        size="sm"
        variant="secondary"
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
