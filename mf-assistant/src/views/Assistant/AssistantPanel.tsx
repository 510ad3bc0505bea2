import {
  Badge,
  ConfirmDialog,
  Drawer,
  ErrorState,
  LoadingState,
  Toggle,
  apiErrorMessage,
  useParcel,
} from '@pos/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CompletedTask } from '../../components/CompletedTask';
import { SupportCard } from '../../components/SupportCard';
import { TaskCard } from '../../components/TaskCard';
import type { useAssistantSettings } from '../../hooks/useAssistantSettings';
import type { useAssistantTasks } from '../../hooks/useAssistantTasks';
import { useMarkTaskDone } from '../../hooks/useMarkTaskDone';
import { useSupportTicket } from '../../hooks/useSupportTicket';
import type { TaskAction } from '../../taskAction';
import { assistantTestIds } from '../../testIds';
import {
  ALL_TASKS_COMPLETED,
  ASSISTANT,
  ASSISTANT_TAGLINE,
  CANCEL,
  DISMISS_NOTE,
  DISMISS_QUESTION,
  DONE,
  LOADING_TASKS,
  NO_TASK_COMPLETED_YET,
  SECTIONS,
  SHOW_ASSISTANT_IN_POS,
  SHOW_ASSISTANT_IN_POS_HINT,
  TASKS_LOAD_FAILED,
  tasksCompleted,
} from '../../texts';
import type { AssistantTask, SupportCardDetails, UserTasks } from '../../types';
import { PanelSection } from './PanelSection';
import './AssistantPanel.css';

const ids = assistantTestIds;

export interface AssistantPanelProps {
  open: boolean;
  onClose: () => void;
  tasks: ReturnType<typeof useAssistantTasks>;
  settings: ReturnType<typeof useAssistantSettings>;
}

/** How far along the tasks are, under the header. */
function Progress({ tasks }: { tasks: UserTasks }) {
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

/**
 * The Assistant panel of spec 2.11, a drawer: header 'Assistant' and its text, the progress, then
 * SUPPORT (the support card and its new-ticket form), NEXT STEPS (the incomplete tasks, locked
 * ones with what they wait for), COMPLETED ('Yay! All tasks completed.' once none is left) and
 * SETTINGS ('Show Assistant in POS'). A task's button closes the panel on its way (a page of the
 * dashboard, or the onboarding overlay); dismissing asks before marking it Done.
 */
export function AssistantPanel({ open, onClose, tasks, settings }: AssistantPanelProps) {
  const { bus } = useParcel();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { data, status, error, reload, setData } = tasks;
  const [justDone, setJustDone] = useState<string | null>(null);

  const done = useMarkTaskDone(
    useCallback(
      (task: AssistantTask) => {
        setJustDone(task.assistantTaskId);
        reload();
      },
      [reload],
    ),
  );
  const support = useSupportTicket(
    useCallback(
      (card: SupportCardDetails) =>
        setData((current) => ({ ...current, supportCardDetails: card })),
      [setData],
    ),
  );

  // A task marked Done moves to COMPLETED once the tasks reload: focus follows it there.
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

  const onAction = useCallback(
    (task: AssistantTask, action: TaskAction) => {
      onClose();
      if (action.kind === 'iframe') {
        // After the panel has closed and given focus back, so the overlay returns it there.
        setTimeout(() => bus.emit('open-onboarding-iframe', { url: action.url, title: task.name }));
      }
    },
    [bus, onClose],
  );

  const allDone = data !== null && data.incomplete.length === 0;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={ASSISTANT}
      description={ASSISTANT_TAGLINE}
      icon="sparkles"
      headerExtra={data && <Progress tasks={data} />}
      className="assistant-panel"
      data-testid={ids.panel.root}
      closeTestId={ids.panel.close}
    >
      <div ref={bodyRef} className="assistant-panel__sections">
        {data === null && status === 'error' && (
          <ErrorState
            title={TASKS_LOAD_FAILED}
            message={apiErrorMessage(error)}
            onRetry={reload}
            data-testid={ids.panel.error}
          />
        )}
        {data === null && status !== 'error' && (
          <div data-testid={ids.panel.loading}>
            <LoadingState message={LOADING_TASKS} />
          </div>
        )}
        {data && (
          <>
            <PanelSection title={SECTIONS.support} testId={ids.sections.support}>
              <SupportCard
                card={data.supportCardDetails}
                busy={support.busy}
                error={support.error}
                sentId={support.sentId}
                onNewTicket={(createNewTicket) => void support.setNewTicket(createNewTicket)}
                onSend={support.send}
              />
            </PanelSection>

            {data.incomplete.length > 0 && (
              <PanelSection
                title={SECTIONS.nextSteps}
                aside={<Badge tone="primary">{data.incomplete.length}</Badge>}
                testId={ids.sections.nextSteps}
              >
                <ol className="assistant-panel__list">
                  {data.incomplete.map((task) => (
                    <TaskCard
                      key={task.assistantTaskId}
                      task={task}
                      error={done.errors[task.assistantTaskId]}
                      onAction={onAction}
                      onDismiss={done.ask}
                    />
                  ))}
                </ol>
              </PanelSection>
            )}

            <PanelSection
              title={allDone ? ALL_TASKS_COMPLETED : SECTIONS.completed}
              celebrate={allDone}
              aside={
                !allDone && data.completed.length > 0 ? (
                  <Badge tone="success">{data.completed.length}</Badge>
                ) : undefined
              }
              testId={ids.sections.completed}
              headingTestId={ids.sections.completedHeading}
            >
              {data.completed.length > 0 ? (
                <ul className="assistant-panel__done">
                  {data.completed.map((task) => (
                    <CompletedTask key={task.assistantTaskId} task={task} />
                  ))}
                </ul>
              ) : (
                <p className="assistant-panel__empty">{NO_TASK_COMPLETED_YET}</p>
              )}
            </PanelSection>
          </>
        )}

        <PanelSection title={SECTIONS.settings} testId={ids.sections.settings}>
          <div className="assistant-setting">
            <Toggle
              label={SHOW_ASSISTANT_IN_POS}
              checked={settings.settings?.showAssistantInPOS ?? false}
              disabled={settings.settings === null}
              busy={settings.saving}
              labelFirst
              className="assistant-setting__toggle"
              onChange={(show) => void settings.setShowInPos(show)}
              data-testid={ids.settings.showInPos}
            />
            <p className="assistant-setting__hint">{SHOW_ASSISTANT_IN_POS_HINT}</p>
            {settings.error && (
              <p className="assistant-setting__error" role="alert" data-testid={ids.settings.error}>
                {settings.error}
              </p>
            )}
          </div>
        </PanelSection>
      </div>

      <ConfirmDialog
        open={done.asking !== null}
        title={DISMISS_QUESTION}
        message={DISMISS_NOTE}
        cancelLabel={CANCEL}
        confirmLabel={DONE}
        busy={done.busy}
        onConfirm={() => void done.confirm()}
        onCancel={done.cancel}
        data-testid={ids.dismissDialog}
      />
    </Drawer>
  );
}
