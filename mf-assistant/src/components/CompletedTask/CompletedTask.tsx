import { Icon } from '@pos/shared';
import dayjs from 'dayjs';
import { assistantTestIds } from '../../testIds';
import type { AssistantTask } from '../../types';
import { DONE_AUTOMATICALLY, MARKED_DONE, completedOn } from '../../texts';
import './CompletedTask.css';

/** A completed task of COMPLETED: its name, when, and whether it was marked Done by hand. */
export function CompletedTask({ task }: { task: AssistantTask }) {
  const when = task.completedAt ? completedOn(dayjs(task.completedAt).format('MMM D, YYYY')) : null;
  const how = task.completedBy === 'manual' ? MARKED_DONE : DONE_AUTOMATICALLY;
  return (
    <li
      className="assistant-done"
      // Focus lands here after the task was marked Done from NEXT STEPS.
      tabIndex={-1}
      data-testid={assistantTestIds.task.completed(task.assistantTaskId)}
      data-completed-by={task.completedBy ?? undefined}
    >
      <span className="assistant-done__check" aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
      <div className="assistant-done__body">
        <p className="assistant-done__name">{task.name}</p>
        <p className="assistant-done__meta">{when ? `${when} · ${how}` : how}</p>
      </div>
    </li>
  );
}
