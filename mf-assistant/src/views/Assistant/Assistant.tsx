import { MOBILE_MEDIA_QUERY, useMediaQuery, useParcel, type FeedType } from '@pos/shared';
import { useCallback, useEffect, useState } from 'react';
import { FirstTaskTooltip } from '../../components/FirstTaskTooltip';
import { ProgressWidget, type WidgetTasks } from '../../components/ProgressWidget';
import { useAssistantSettings } from '../../hooks/useAssistantSettings';
import { useAssistantTasks } from '../../hooks/useAssistantTasks';
import { AssistantPanel } from './AssistantPanel';

/** The feed entry of a danger bubble (spec 4): it shows the Assistant. */
export const ERROR_NOTIFICATION: FeedType = 'errorNotification';

/**
 * The Assistant (spec 2.11, issue 14), for managers: the progress widget of the side navigation,
 * the first-task tooltip beside it, and the panel the widget opens. A banned account gets
 * nothing (the api answers its user-tasks with 402).
 */
export function Assistant() {
  const { viewer } = useParcel();
  if (viewer.userRole !== 'manager' || viewer.isBanned) return null;
  return <ManagersAssistant />;
}

function ManagersAssistant() {
  const { bus } = useParcel();
  const settings = useAssistantSettings();
  const tasks = useAssistantTasks(settings.markFirstTaskCompleted);
  const small = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [open, setOpen] = useState(false);
  const [tooltipDismissed, setTooltipDismissed] = useState(false);
  const { data, status, reload } = tasks;

  const openPanel = useCallback(() => {
    setOpen(true);
    reload();
  }, [reload]);
  const closePanel = useCallback(() => setOpen(false), []);

  // Spec 4: an errorNotification feed entry (a danger bubble) shows the Assistant: its panel
  // opens with the tasks read again, where the support card and the next steps say what to do.
  useEffect(() => {
    const subscription = bus.on('activity-logged', ({ feedType }) => {
      if (feedType === ERROR_NOTIFICATION) openPanel();
    });
    return () => subscription.unsubscribe();
  }, [bus, openPanel]);

  const widgetTasks: WidgetTasks = data
    ? { status: 'ready', leftToComplete: data.leftToComplete, totalAll: data.totalAll }
    : { status: status === 'error' ? 'error' : 'loading' };
  // Spec 2.11: while no task is completed and firstTaskCompleted is not set.
  const firstTask =
    data !== null &&
    data.completed.length === 0 &&
    settings.settings !== null &&
    !settings.settings.firstTaskCompleted;

  return (
    <>
      <ProgressWidget tasks={widgetTasks} size={small ? 'small' : 'regular'} onOpen={openPanel}>
        {firstTask && !tooltipDismissed && !open && (
          <FirstTaskTooltip
            remaining={data.leftToComplete}
            onGetStarted={openPanel}
            onDismiss={() => setTooltipDismissed(true)}
          />
        )}
      </ProgressWidget>
      <AssistantPanel open={open} onClose={closePanel} tasks={tasks} settings={settings} />
    </>
  );
}
