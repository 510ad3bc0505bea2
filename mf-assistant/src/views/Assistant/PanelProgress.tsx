import { assistantTestIds } from '../../testIds';
import { tasksCompleted } from '../../texts';
import type { UserTasks } from '../../types';

const ids = assistantTestIds;

/** How far along the tasks are, under the panel's header: 'n of 9 tasks completed' and a bar. */
export function PanelProgress({ tasks }: { tasks: UserTasks }) {
  const done = tasks.totalAll - tasks.leftToComplete;
  const percent = tasks.totalAll > 0 ? Math.round((done / tasks.totalAll) * 100) : 0;
  const text = tasksCompleted(done, tasks.totalAll);
  return (
    <div className="assistant-progress" data-testid={ids.panel.progress}>
      <div className="assistant-progress__label">
        <span>{text}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className="assistant-progress__bar"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={tasks.totalAll}
        aria-valuenow={done}
      >
        <span className="assistant-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
