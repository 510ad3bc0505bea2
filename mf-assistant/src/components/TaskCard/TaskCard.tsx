import { Button, Icon, IconButton, cx } from '@pos/shared';
import { Link } from '@pos/shared/router';
import { taskActionOf, type TaskAction } from '../../taskAction';
import { assistantTestIds } from '../../testIds';
import type { AssistantTask } from '../../types';
import { LOCKED, dismissTask, opensInNewTab, waitsFor } from '../../texts';
import './TaskCard.css';

const ids = assistantTestIds.task;
const linkButton = cx('pos-button', 'pos-button--primary', 'pos-button--sm');

export interface TaskCardProps {
  task: AssistantTask;
  /** The task's button was used: a page of the dashboard, or the onboarding overlay. */
  onAction: (task: AssistantTask, action: TaskAction) => void;
  /** The dismiss control: asks whether to mark the task completed. */
  onDismiss: (task: AssistantTask) => void;
  /** Why marking it Done failed (spec 7: the task-error state). */
  error?: string | null;
}

/** The task's button (completionBtnText), as what it does calls for (see taskAction.ts). */
function TaskButton({ task, onAction }: Pick<TaskCardProps, 'task' | 'onAction'>) {
  const action = taskActionOf(task);
  if (!action) return null;
  const label = task.completionBtnText;
  if (action.kind === 'navigate') {
    return (
      <Link
        to={action.to}
        className={linkButton}
        onClick={() => onAction(task, action)}
        data-testid={ids.action(task.assistantTaskId)}
      >
        <span className="pos-button__label">{label}</span>
        <Icon name="arrow-right" size={16} />
      </Link>
    );
  }
  if (action.kind === 'external') {
    return (
      <a
        href={action.href}
        target="_blank"
        rel="noopener noreferrer"
        className={linkButton}
        aria-label={opensInNewTab(label)}
        data-testid={ids.action(task.assistantTaskId)}
      >
        <span className="pos-button__label">{label}</span>
        <Icon name="external" size={16} />
      </a>
    );
  }
  return (
    <Button
      size="sm"
      iconAfter="arrow-right"
      aria-haspopup="dialog"
      onClick={() => onAction(task, action)}
      data-testid={ids.action(task.assistantTaskId)}
    >
      {label}
    </Button>
  );
}

/**
 * An incomplete task of NEXT STEPS: its name, description and button, and a dismiss control. A
 * task whose dependency is incomplete is locked: it says what it waits for and has neither.
 */
export function TaskCard({ task, onAction, onDismiss, error }: TaskCardProps) {
  const id = task.assistantTaskId;
  return (
    <li
      className={cx('assistant-task', task.locked && 'is-locked')}
      data-testid={ids.incomplete(id)}
      data-locked={task.locked}
    >
      <span className="assistant-task__marker" aria-hidden="true">
        {task.locked ? <Icon name="lock" size={14} /> : <span className="assistant-task__dot" />}
      </span>
      <div className="assistant-task__body">
        <h4 className="assistant-task__name">
          {task.name}
          {task.locked && <span className="pos-visually-hidden">{` (${LOCKED})`}</span>}
        </h4>
        <p className="assistant-task__description">{task.description}</p>
        {task.locked ? (
          <p className="assistant-task__waits" data-testid={ids.waitsFor(id)}>
            <Icon name="lock" size={14} />
            {waitsFor(task.waitingFor ?? task.dependency ?? '')}
          </p>
        ) : (
          <div className="assistant-task__actions">
            <TaskButton task={task} onAction={onAction} />
          </div>
        )}
        {error && (
          <p className="assistant-task__error" role="alert" data-testid={ids.error(id)}>
            <Icon name="danger" size={14} />
            {error}
          </p>
        )}
      </div>
      {!task.locked && (
        <IconButton
          icon="close"
          size="sm"
          aria-label={dismissTask(task.name)}
          className="assistant-task__dismiss"
          onClick={() => onDismiss(task)}
          data-testid={ids.dismiss(id)}
        />
      )}
    </li>
  );
}
