import { ConfirmDialog, STAFF_ROLES, STAFF_ROLE_LABELS, Select, isStaffRole } from '@pos/shared';
import { staffTestIds } from '../../testIds';
import {
  CHANGE_ROLE,
  CHANGE_ROLE_TITLE,
  REMOVE_ACCESS,
  REMOVE_ACCESS_TITLE,
  ROLE,
  SELECT_ROLE,
  changeRoleQuestion,
  removeAccessQuestion,
} from '../../texts';
import type { useStaffActions } from './useStaffActions';

const ids = staffTestIds.list;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

export interface StaffDialogsProps {
  applicationName: string;
  actions: ReturnType<typeof useStaffActions>;
}

/**
 * The 'Change role' dialog (the four POS roles; Change role once another is chosen) and the
 * question before a removal of POS access.
 */
export function StaffDialogs({ applicationName, actions }: StaffDialogsProps) {
  const { roleChange, removal, busyIds } = actions;
  return (
    <>
      <ConfirmDialog
        open={roleChange !== null}
        title={CHANGE_ROLE_TITLE}
        message={roleChange && changeRoleQuestion(roleChange.user.name, applicationName)}
        confirmLabel={CHANGE_ROLE}
        confirmDisabled={roleChange === null || roleChange.role === roleChange.user.role}
        busy={roleChange !== null && busyIds.has(roleChange.user.wpUserId)}
        onConfirm={() => void actions.confirmRoleChange()}
        onCancel={actions.cancelRoleChange}
      >
        {roleChange && (
          <Select
            label={ROLE}
            options={ROLE_OPTIONS}
            placeholder={roleChange.role ? undefined : SELECT_ROLE}
            value={roleChange.role ?? ''}
            aria-busy={busyIds.has(roleChange.user.wpUserId) || undefined}
            data-testid={ids.roleSelect}
            onChange={(event) => {
              const role = event.target.value;
              if (isStaffRole(role) && !busyIds.has(roleChange.user.wpUserId)) {
                actions.chooseRole(role);
              }
            }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={removal !== null}
        tone="danger"
        title={REMOVE_ACCESS_TITLE}
        message={removal && removeAccessQuestion(removal.name, applicationName)}
        confirmLabel={REMOVE_ACCESS}
        busy={removal !== null && busyIds.has(removal.wpUserId)}
        onConfirm={() => void actions.confirmRemoval()}
        onCancel={actions.cancelRemoval}
      />
    </>
  );
}
