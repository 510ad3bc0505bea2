import { cx } from '@pos/shared';
import { useEffect, useState } from 'react';
import type { RingSize } from '@pos/shared/rules';
import { Ring } from '@pos/shared/ui/Ring';
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
  const animated = useAnimatedAfterFirstPaint(leftToComplete !== null);
  return (
    <span
      className={cx(
        'assistant-ring',
        `assistant-ring--${size}`,
        leftToComplete === 0 && totalAll > 0 && 'is-done',
        animated && 'is-animated',
      )}
    >
      <Ring
        className="assistant-ring__svg"
        size={size}
        leftToComplete={leftToComplete ?? 0}
        totalAll={totalAll}
        trackClassName="assistant-ring__track"
        arcClassName="assistant-ring__arc"
        roundCap
        data-testid={ids.ring}
        data-size={size}
        arcTestId={ids.ringArc}
      />
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

/**
 * Whether the arc animates its changes: only once the first known count has been painted. The
 * first count then appears at once instead of sweeping in from nothing as the dashboard loads (a
 * stroke transition repaints the ring every frame, and those frames would be the load's and the
 * first clicks'); a task done later still sweeps the arc.
 */
function useAnimatedAfterFirstPaint(known: boolean): boolean {
  const [animated, setAnimated] = useState(false);
  useEffect(() => {
    if (!known || animated) return undefined;
    // The frame after the one that paints the count: the transition starts from the count.
    const frame = requestAnimationFrame(() => setAnimated(true));
    return () => cancelAnimationFrame(frame);
  }, [known, animated]);
  return animated;
}
