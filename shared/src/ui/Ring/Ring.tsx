import type { SVGProps } from 'react';
import { ringGeometry, type RingSize } from '../../rules';

export interface RingProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size: RingSize;
  /** Tasks still to do: the arc's share of the circle. */
  leftToComplete: number;
  totalAll: number;
  /** The track's class (the whole circle under the arc). */
  trackClassName?: string;
  /** The arc's class. */
  arcClassName?: string;
  /** Rounds the arc's ends while there is an arc. */
  roundCap?: boolean;
  /** The arc's `data-testid`. */
  arcTestId?: string;
}

/**
 * The Assistant's progress ring of spec 2.11 as an SVG (geometry from `ringGeometry`): a track
 * and the arc of the tasks left, starting at twelve o'clock and running clockwise. It has no
 * stylesheet: the dashboard's widget and the register colour it with their own classes.
 * Decorative for screen readers (their text says the same).
 */
export function Ring({
  size,
  leftToComplete,
  totalAll,
  trackClassName,
  arcClassName,
  roundCap = false,
  arcTestId,
  ...svgProps
}: RingProps) {
  const { radius, stroke, box, center, arc, dashArray } = ringGeometry(
    size,
    leftToComplete,
    totalAll,
  );
  return (
    <svg
      width={box}
      height={box}
      viewBox={`0 0 ${box} ${box}`}
      aria-hidden="true"
      focusable="false"
      data-radius={radius}
      data-stroke={stroke}
      {...svgProps}
    >
      <circle
        className={trackClassName}
        cx={center}
        cy={center}
        r={radius}
        fill="none"
        strokeWidth={stroke}
      />
      <circle
        className={arcClassName}
        cx={center}
        cy={center}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        strokeDasharray={dashArray}
        strokeLinecap={roundCap ? (arc > 0 ? 'round' : 'butt') : undefined}
        transform={`rotate(-90 ${center} ${center})`}
        data-testid={arcTestId}
      />
    </svg>
  );
}
