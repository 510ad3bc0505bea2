import { Button, Icon } from '@pos/shared';
import { useId } from 'react';
import { assistantTestIds } from '../../testIds';
import { FIRST_TASK_TOOLTIP, GET_STARTED, NOT_NOW, remainingTasks } from '../../texts';
import './FirstTaskTooltip.css';

const ids = assistantTestIds.tooltip;

export interface FirstTaskTooltipProps {
  /** Tasks left ('{n} remaining tasks'). */
  remaining: number;
  onGetStarted: () => void;
  onDismiss: () => void;
}

/**
 * The first-task tooltip of spec 2.11, beside the widget while no task is completed yet: 'The
 * easiest way to start using the POS.', Get Started (opens the panel) and '{n} remaining tasks'.
 * It holds buttons, so it is a small labelled region rather than a role=tooltip.
 */
export function FirstTaskTooltip({ remaining, onGetStarted, onDismiss }: FirstTaskTooltipProps) {
  const titleId = useId();
  return (
    <section className="assistant-tooltip" aria-labelledby={titleId} data-testid={ids.root}>
      <span className="assistant-tooltip__icon" aria-hidden="true">
        <Icon name="rocket" size={20} />
      </span>
      <div className="assistant-tooltip__content">
        <p id={titleId} className="assistant-tooltip__title">
          {FIRST_TASK_TOOLTIP}
        </p>
        <p className="assistant-tooltip__remaining" data-testid={ids.remaining}>
          {remainingTasks(remaining)}
        </p>
        <div className="assistant-tooltip__actions">
          <Button
            size="sm"
            iconAfter="arrow-right"
            onClick={onGetStarted}
            data-testid={ids.getStarted}
          >
            {GET_STARTED}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDismiss} data-testid={ids.dismiss}>
            {NOT_NOW}
          </Button>
        </div>
      </div>
    </section>
  );
}
