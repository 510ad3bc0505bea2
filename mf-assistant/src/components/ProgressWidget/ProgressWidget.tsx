import { Icon } from '@pos/shared';
import type { ReactNode, Ref } from 'react';
import type { RingSize } from '@pos/shared/rules';
import { assistantTestIds } from '../../testIds';
import { ALL_DONE, ASSISTANT, LOADING_TASKS, TASKS_UNAVAILABLE, tasksLeft } from '../../texts';
import { ProgressRing } from '../ProgressRing';
import './ProgressWidget.css';

const ids = assistantTestIds.widget;

/** What the widget knows of the tasks. */
export type WidgetTasks =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; leftToComplete: number; totalAll: number };

export interface ProgressWidgetProps {
  tasks: WidgetTasks;
  size: RingSize;
  onOpen: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** Shown beside the widget: the first-task tooltip. */
  children?: ReactNode;
}

function summaryOf(tasks: WidgetTasks): string {
  if (tasks.status === 'loading') return LOADING_TASKS;
  if (tasks.status === 'error') return TASKS_UNAVAILABLE;
  return tasks.leftToComplete === 0 ? ALL_DONE : tasksLeft(tasks.leftToComplete, tasks.totalAll);
}

/**
 * The Assistant's progress widget of the side navigation (spec 2.10, 2.11): the ring with the
 * tasks left, 'Assistant' and '{left} of {total} tasks left'; the whole of it opens the panel.
 * In the collapsed navigation only the ring shows (nav-widget container query).
 */
export function ProgressWidget({ tasks, size, onOpen, buttonRef, children }: ProgressWidgetProps) {
  const ready = tasks.status === 'ready';
  return (
    <div className="assistant-widget" data-testid={ids.root}>
      <button
        ref={buttonRef}
        type="button"
        className="assistant-widget__button"
        aria-haspopup="dialog"
        title={ASSISTANT}
        onClick={onOpen}
        data-testid={ids.button}
        data-left={ready ? tasks.leftToComplete : undefined}
        data-total={ready ? tasks.totalAll : undefined}
      >
        <ProgressRing
          size={size}
          leftToComplete={ready ? tasks.leftToComplete : null}
          totalAll={ready ? tasks.totalAll : 0}
        />
        <span className="assistant-widget__text">
          <span className="assistant-widget__title">
            <Icon name="sparkles" size={16} />
            {ASSISTANT}
          </span>
          <span className="assistant-widget__summary" data-testid={ids.summary}>
            {summaryOf(tasks)}
          </span>
        </span>
      </button>
      {children}
    </div>
  );
}
