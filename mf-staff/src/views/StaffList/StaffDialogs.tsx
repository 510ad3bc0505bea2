import { ConfirmDialog, STAFF_ROLE_LABELS } from '@pos/shared';
import {
  CHANGE_ROLE,
  CHANGE_ROLE_TITLE,
  REMOVE_ACCESS,
  REMOVE_ACCESS_TITLE,
  changeRoleQuestion,
  removeAccessQuestion,
} from '../../texts';
import type { useStaffActions } from './useStaffActions';

export interface StaffDialogsProps {
  applicationName: string;
  actions: ReturnType<typeof useStaffActions>;
}

/** The questions before a role change and before a removal of POS access. */
export function StaffDialogs({ applicationName, actions }: StaffDialogsProps) {
  const { roleChange, removal, busyIds } = actions;
  return (
    <>
      <ConfirmDialog
        open={roleChange !== null}
        title={CHANGE_ROLE_TITLE}
        message={
          roleChange &&
          changeRoleQuestion(
            roleChange.user.name,
            STAFF_ROLE_LABELS[roleChange.role],
            applicationName,
          )
        }
        confirmLabel={CHANGE_ROLE}
        busy={roleChange !== null && busyIds.has(roleChange.user.wpUserId)}
        onConfirm={() => void actions.confirmRoleChange()}
        onCancel={actions.cancelRoleChange}
      />
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
