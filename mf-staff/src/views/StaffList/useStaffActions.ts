import {
  STAFF_ROLE_LABELS,
  apiErrorMessage,
  useMounted,
  useParcel,
  type StaffRole,
} from '@pos/shared';
import type { InviteOutcome } from '@pos/shared/store-kit';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { changeStaffRole, removeStaffAccess, sendStaffInvitation } from '../../api';
import { roleChanged } from '../../texts';
import type { Application, StaffUser } from '../../types';
import type { StaffChange } from './useStaffPage';

/** A role change being chosen in its dialog: the user, and the role picked so far. */
export interface RoleChange {
  user: StaffUser;
  role: StaffRole | null;
}

const withId = (ids: ReadonlySet<number>, id: number, present: boolean) => {
  const next = new Set(ids);
  if (present) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * Manage of the staff list (issue 13): resend an invitation, change a role and remove POS access,
 * the last two after a confirmation. Each goes through the store via the api and is told with a
 * bubble (the server's text on failure); `onChanged` then reloads the list. Bubbles still tell
 * how an action ended after the page was left.
 */
export function useStaffActions(
  application: Application | null,
  onChanged: (change: StaffChange) => void,
) {
  const { api, bus } = useParcel();
  const isMounted = useMounted();
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [removal, setRemoval] = useState<StaffUser | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const danger = (error: unknown) =>
    bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
  const setBusy = (id: number, busy: boolean) => {
    if (isMounted()) setBusyIds((current) => withId(current, id, busy));
  };

  const invite = async (user: StaffUser): Promise<InviteOutcome> => {
    if (!application) return { outcome: 'failed' };
    try {
      const { message, invitationCount } = await sendStaffInvitation(
        api,
        application.id,
        user.wpUserId,
      );
      bus.emit('notify', { message, status: 'success' });
      return { outcome: 'sent', invitationCount };
    } catch (error) {
      danger(error);
      return isAxiosError(error) && error.response?.status === 429
        ? { outcome: 'limit' }
        : { outcome: 'failed' };
    }
  };

  const confirmRoleChange = async () => {
    if (!application || !roleChange?.role || roleChange.role === roleChange.user.role) return;
    const { user, role } = roleChange;
    setBusy(user.wpUserId, true);
    try {
      const updated = await changeStaffRole(api, application.id, user.wpUserId, role);
      bus.emit('notify', {
        message: roleChanged(user.name, STAFF_ROLE_LABELS[role], application.name),
        status: 'success',
      });
      if (isMounted()) onChanged({ updated });
    } catch (error) {
      danger(error);
    }
    setBusy(user.wpUserId, false);
    if (isMounted()) setRoleChange(null);
  };

  const confirmRemoval = async () => {
    if (!application || !removal) return;
    const user = removal;
    setBusy(user.wpUserId, true);
    try {
      const message = await removeStaffAccess(api, application.id, user.wpUserId);
      bus.emit('notify', {
        message: message ?? `${user.name} no longer has POS access to ${application.name}`,
        status: 'success',
      });
      if (isMounted()) onChanged({ removed: user });
    } catch (error) {
      danger(error);
    }
    setBusy(user.wpUserId, false);
    if (isMounted()) setRemoval(null);
  };

  return {
    invite,
    busyIds,
    roleChange,
    askRoleChange: (user: StaffUser) => setRoleChange({ user, role: user.role }),
    chooseRole: (role: StaffRole) =>
      setRoleChange((current) => (current ? { ...current, role } : current)),
    confirmRoleChange,
    cancelRoleChange: () => setRoleChange(null),
    removal,
    askRemoval: setRemoval,
    confirmRemoval,
    cancelRemoval: () => setRemoval(null),
  };
}
