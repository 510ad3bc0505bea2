import {
  Badge,
  ConfirmDialog,
  Drawer,
  ErrorState,
  LoadingState,
  apiErrorMessage,
  useParcel,
} from '@pos/shared';
import { useCallback } from 'react';
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
  TASKS_LOAD_FAILED,
} from '../../texts';
import type { AssistantTask, SupportCardDetails } from '../../types';
import { PanelProgress } from './PanelProgress';
import { PanelSection } from './PanelSection';
import { SettingsSection } from './SettingsSection';
import { useFocusAfterDone } from './useFocusAfterDone';
import './AssistantPanel.css';

const ids = assistantTestIds;

export interface AssistantPanelProps {
  open: boolean;
  onClose: () => void;
  tasks: ReturnType<typeof useAssistantTasks>;
  settings: ReturnType<typeof useAssistantSettings>;
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
  const { data, status, error, reload, setData } = tasks;
  const { bodyRef, follow } = useFocusAfterDone(data);

  const done = useMarkTaskDone(
    useCallback(
      (task: AssistantTask) => {
        follow(task.assistantTaskId);
        reload();
      },
      [follow, reload],
    ),
  );
  const support = useSupportTicket(
    useCallback(
      (card: SupportCardDetails) =>
        setData((current) => ({ ...current, supportCardDetails: card })),
      [setData],
    ),
  );

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
      headerExtra={data && <PanelProgress tasks={data} />}
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

        <SettingsSection settings={settings} />
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
