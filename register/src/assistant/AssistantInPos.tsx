import type { RingSize } from '@pos/shared/rules';
import { Ring as RingSvg } from '@pos/shared/ui/Ring';
import type { AssistantProgress } from '../types';

/** Spec 2.11's words, as the dashboard's Assistant writes them. */
export const ASSISTANT_TEXTS = {
  assistant: 'Assistant',
  remainingTasks: (count: number) => `${count} remaining tasks`,
  allCompleted: 'Yay! All tasks completed.',
} as const;

/** One size of the ring: the track and the arc of the tasks still to do. */
function Ring({ size, remaining, total }: { size: RingSize } & AssistantProgress) {
  return (
    <RingSvg
      className={`register-assistant-ring register-assistant-ring--${size}`}
      size={size}
      leftToComplete={remaining}
      totalAll={total}
      arcClassName="register-assistant-arc"
    />
  );
}

/**
 * 'Show Assistant in POS' (spec 2.11): the owner's Assistant progress, as the store got it in
 * the station hand-off: the ring (radius 40, stroke 8; 30 and 6 on small screens, by the
 * stylesheet) and the remaining tasks.
 */
export function AssistantInPos({ remaining, total }: AssistantProgress) {
  return (
    <aside className="register-assistant" aria-labelledby="register-assistant-heading">
      <span className="register-assistant-rings">
        <Ring size="regular" remaining={remaining} total={total} />
        <Ring size="small" remaining={remaining} total={total} />
        <span className="register-assistant-count" aria-hidden="true">
          {remaining}
        </span>
      </span>
      <span>
        <h2 id="register-assistant-heading">{ASSISTANT_TEXTS.assistant}</h2>
        <span data-testid="register-assistant-remaining">
          {remaining === 0
            ? ASSISTANT_TEXTS.allCompleted
            : ASSISTANT_TEXTS.remainingTasks(remaining)}
        </span>
      </span>
    </aside>
  );
}
