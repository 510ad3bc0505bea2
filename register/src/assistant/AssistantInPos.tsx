import type { RingSize } from '@pos/shared/rules';
import { ringGeometry } from '@pos/shared/rules';
import type { AssistantProgress } from '../types';

/** Spec 2.11's words, as the dashboard's Assistant writes them. */
export const ASSISTANT_TEXTS = {
  assistant: 'Assistant',
  remainingTasks: (count: number) => `${count} remaining tasks`,
  allCompleted: 'Yay! All tasks completed.',
} as const;

/** One size of the ring: the track and the arc of the tasks still to do. */
function Ring({ size, remaining, total }: { size: RingSize } & AssistantProgress) {
  const { radius, stroke, box, center, dashArray } = ringGeometry(size, remaining, total);
  return (
    <svg
      className={`register-assistant-ring register-assistant-ring--${size}`}
      width={box}
      height={box}
      viewBox={`0 0 ${box} ${box}`}
      aria-hidden="true"
      focusable="false"
      data-radius={radius}
      data-stroke={stroke}
    >
      <circle cx={center} cy={center} r={radius} fill="none" strokeWidth={stroke} />
      <circle
        className="register-assistant-arc"
        cx={center}
        cy={center}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        strokeDasharray={dashArray}
        // The arc starts at twelve o'clock and runs clockwise, as on the dashboard.
        transform={`rotate(-90 ${center} ${center})`}
      />
    </svg>
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
