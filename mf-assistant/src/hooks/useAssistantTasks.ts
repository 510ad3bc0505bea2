import { useLoad, useParcel } from '@pos/shared';
import { useCallback, useEffect, useRef } from 'react';
import { fetchUserTasks } from '../api';
import { taskCompletedBubble } from '../texts';
import type { UserTasks } from '../types';

/**
 * The manager's tasks (GET user-tasks), loaded again whenever the bus says they may have changed:
 * `tasks-changed` (the live stream's tasks event, the onboarding overlay closing) and
 * `activity-logged` (a feed entry, which may be what proved a task). When the completed count
 * rises after the first load (spec 4), the taskCompletion bubble names the newest completed task
 * and `onCompletion` runs (the caller sets firstTaskCompleted if it is not set yet).
 */
export function useAssistantTasks(onCompletion: () => void) {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchUserTasks(api, signal), [api]);
  const completedCount = useRef<number | null>(null);
  const onCompletionRef = useRef(onCompletion);

  useEffect(() => {
    onCompletionRef.current = onCompletion;
  }, [onCompletion]);

  const onLoaded = useCallback(
    (tasks: UserTasks) => {
      const before = completedCount.current;
      completedCount.current = tasks.completed.length;
      if (before === null || tasks.completed.length <= before) return;
      const [newest] = tasks.completed;
      if (newest) {
        bus.emit('notify', { message: taskCompletedBubble(newest.name), status: 'taskCompletion' });
      }
      onCompletionRef.current();
    },
    [bus],
  );

  const tasks = useLoad(load, onLoaded);
  const { reload } = tasks;

  useEffect(() => {
    const subscriptions = [bus.on('tasks-changed', reload), bus.on('activity-logged', reload)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [bus, reload]);

  return tasks;
}
