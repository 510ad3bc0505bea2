import { cx } from '@pos/shared';
import { ringGeometry, type RingSize } from '@pos/shared/rules';
import { assistantTestIds } from '../../testIds';
import { RING_LEFT } from '../../texts';
import './ProgressRing.css';

const ids = assistantTestIds.widget;

export interface ProgressRingProps {
  /** Tasks still to do; null while they are not known (loading, or a failed load). */
  leftToComplete: number | null;
  totalAll: number;
  size: RingSize;
}

/**
 * The ring of spec 2.11 (see ring.ts): a track, the arc of the tasks left, and their count in
 * the middle. Decorative for screen readers: the widget's text says the same.
 */
export function ProgressRing({ leftToComplete, totalAll, size }: ProgressRingProps) {
  const { radius, stroke, box, center, arc, dashArray } = ringGeometry(
    size,
    leftToComplete ?? 0,
    totalAll,
  );
  return (
    <span
      className={cx(
        'assistant-ring',
        `assistant-ring--${size}`,
        leftToComplete === 0 && totalAll > 0 && 'is-done',
      )}
    >
      <svg
        className="assistant-ring__svg"
        width={box}
        height={box}
        viewBox={`0 0 ${box} ${box}`}
        aria-hidden="true"
        focusable="false"
        data-testid={ids.ring}
        data-size={size}
        data-radius={radius}
        data-stroke={stroke}
      >
        <circle
          className="assistant-ring__track"
          cx={center}
          cy={center}
          r={radius}
          fill="none"
          strokeWidth={stroke}
        />
        <circle
          className="assistant-ring__arc"
          cx={center}
          cy={center}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeDasharray={dashArray}
          strokeLinecap={arc > 0 ? 'round' : 'butt'}
          // The arc starts at twelve o'clock and runs clockwise.
          transform={`rotate(-90 ${center} ${center})`}
          data-testid={ids.ringArc}
        />
      </svg>
      {leftToComplete !== null && (
        <span className="assistant-ring__label" aria-hidden="true">
          <span className="assistant-ring__count" data-testid={ids.count}>
            {leftToComplete}
          </span>
          <span className="assistant-ring__unit">{RING_LEFT}</span>
        </span>
      )}
    </span>
  );
}
