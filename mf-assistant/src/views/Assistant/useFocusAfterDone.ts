import { useEffect, useRef, useState } from 'react';
import { assistantTestIds } from '../../testIds';
import type { UserTasks } from '../../types';

const ids = assistantTestIds;

/**
 * A task marked Done moves to COMPLETED once the tasks reload: focus follows it there. Put
 * `bodyRef` on the element holding the sections and call `follow(taskId)` when the task is
 * marked Done; once `data` no longer lists it as incomplete, its completed entry gets focus.
 */
export function useFocusAfterDone(data: UserTasks | null) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [justDone, setJustDone] = useState<string | null>(null);

  useEffect(() => {
    if (!justDone || !data || data.incomplete.some((task) => task.assistantTaskId === justDone)) {
      return;
    }
    const moved = bodyRef.current?.querySelector<HTMLElement>(
      `[data-testid="${ids.task.completed(justDone)}"]`,
    );
    moved?.focus();
    setJustDone(null);
  }, [data, justDone]);

  return { bodyRef, follow: setJustDone };
}
