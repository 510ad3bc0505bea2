import { useMounted, useParcel } from '@pos/shared';
import { useCallback, useState } from 'react';
import { completeTask } from '../api';
import { refusalText } from '../refusal';
import { TASK_NOT_MARKED } from '../texts';
import type { AssistantTask } from '../types';

/**
 * Dismissing a task (spec 4): the task being asked about, and Done, which marks it completed by
 * hand (POST user-tasks {assistantTaskId, applicationId}) and then calls `onDone` (the tasks
 * reload). A refusal (a task still locked: 409) is kept per task, for its card to show.
 */
export function useMarkTaskDone(onDone: (task: AssistantTask) => void) {
  const { api } = useParcel();
  const isMounted = useMounted();
  const [asking, setAsking] = useState<AssistantTask | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});

  const ask = useCallback((task: AssistantTask) => setAsking(task), []);
  const cancel = useCallback(() => setAsking(null), []);

  const confirm = useCallback(async () => {
    if (!asking || busy) return;
    const task = asking;
    const id = task.assistantTaskId;
    setBusy(true);
    setErrors(({ [id]: _previous, ...others }) => others);
    try {
      await completeTask(api, { assistantTaskId: id, applicationId: task.applicationId });
      if (!isMounted()) return;
      setAsking(null);
      onDone(task);
    } catch (failure) {
      if (!isMounted()) return;
      setAsking(null);
      setErrors((current) => ({ ...current, [id]: refusalText(failure, TASK_NOT_MARKED) }));
    } finally {
      if (isMounted()) setBusy(false);
    }
  }, [api, asking, busy, isMounted, onDone]);

  return { asking, busy, errors, ask, cancel, confirm };
}
