import { useCallback, useState } from 'react';
import { apiErrorMessage, useParcel } from '@pos/shared';
import { setSubscriptionType, setUserStatus } from '../api';
import { SUBSCRIPTION_TYPE_LABELS } from '../format';
import type { AdminUserRow, SubscriptionType } from '../types';

/** How the admin panel names a user in messages. */
export const userDisplayName = (user: AdminUserRow): string => user.fullName || user.email;

/**
 * Blocking, unblocking and changing the subscription type of users. Blocking waits for a
 * confirmation; every outcome is told with a bubble on the bus.
 */
export function useUserActions(
  updateUser: (userId: string, change: Partial<AdminUserRow>) => void,
) {
  const { api, bus } = useParcel();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [blockCandidate, setBlockCandidate] = useState<AdminUserRow | null>(null);

  const track = useCallback(
    async (userId: string, action: () => Promise<void>) => {
      setPendingIds((ids) => new Set(ids).add(userId));
      try {
        await action();
      } catch (error) {
        bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
      } finally {
        setPendingIds((ids) => {
          const next = new Set(ids);
          next.delete(userId);
          return next;
        });
      }
    },
    [bus],
  );

  const changeStatus = useCallback(
    (user: AdminUserRow, status: AdminUserRow['block']) =>
      track(user.id, async () => {
        const newStatus = await setUserStatus(api, user.id, status);
        updateUser(user.id, { block: newStatus });
        const outcome = newStatus === 'block' ? 'blocked' : 'unblocked';
        bus.emit('notify', {
          message: `${userDisplayName(user)} was ${outcome}.`,
          status: 'success',
        });
      }),
    [api, bus, track, updateUser],
  );

  /** Unblocks at once; asks before blocking. */
  const toggleBlock = useCallback(
    (user: AdminUserRow) => {
      if (user.block === 'block') void changeStatus(user, 'unblock');
      else setBlockCandidate(user);
    },
    [changeStatus],
  );

  const confirmBlock = useCallback(async () => {
    if (!blockCandidate) return;
    await changeStatus(blockCandidate, 'block');
    setBlockCandidate(null);
  }, [blockCandidate, changeStatus]);

  const cancelBlock = useCallback(() => setBlockCandidate(null), []);

  /** Shows the new type at once and puts the old one back if the server refuses it. */
  const changeType = useCallback(
    (user: AdminUserRow, type: SubscriptionType) =>
      track(user.id, async () => {
        updateUser(user.id, { type });
        try {
          await setSubscriptionType(api, user.id, type);
        } catch (error) {
          updateUser(user.id, { type: user.type });
          throw error;
        }
        bus.emit('notify', {
          message: `Subscription type of ${userDisplayName(user)} changed to ${SUBSCRIPTION_TYPE_LABELS[type]}.`,
          status: 'success',
        });
      }),
    [api, bus, track, updateUser],
  );

  return { pendingIds, blockCandidate, toggleBlock, confirmBlock, cancelBlock, changeType };
}
