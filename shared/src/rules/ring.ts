// The Assistant's progress ring (spec 2.11), drawn by its widget and by the register: radius 40 and stroke 8, 30 and 6
// under the 992 px breakpoint. Its arc is the share of the tasks still to do (leftToComplete of
// totalAll), so it empties as tasks complete, with the count of what is left in its middle.

/** The ring's two sizes. */
export type RingSize = 'regular' | 'small';

/** Spec 2.11 and 9: radius and stroke of each size. */
export const RING_SIZES: Readonly<Record<RingSize, { radius: number; stroke: number }>> = {
  regular: { radius: 40, stroke: 8 },
  small: { radius: 30, stroke: 6 },
};

/** What the SVG draws. */
export interface RingGeometry {
  radius: number;
  stroke: number;
  /** Width and height of the drawing: the circle with its whole stroke. */
  box: number;
  /** The centre's x and y. */
  center: number;
  circumference: number;
  /** The arc's length: leftToComplete of totalAll of the circumference. */
  arc: number;
  /** stroke-dasharray: the arc, then a gap of the whole circumference. */
  dashArray: string;
}

/** Two decimals are finer than a pixel and keep the attributes short and stable. */
const round = (value: number) => Math.round(value * 100) / 100;

/** The share of the tasks still to do, from 0 to 1 (0 without tasks). */
export function leftShare(leftToComplete: number, totalAll: number): number {
  if (!(totalAll > 0) || !(leftToComplete > 0)) return 0;
  return Math.min(1, leftToComplete / totalAll);
}

/** The ring of `size` for leftToComplete of totalAll. */
export function ringGeometry(
  size: RingSize,
  leftToComplete: number,
  totalAll: number,
): RingGeometry {
  const { radius, stroke } = RING_SIZES[size];
  const box = 2 * radius + stroke;
  const circumference = 2 * Math.PI * radius;
  const arc = circumference * leftShare(leftToComplete, totalAll);
  return {
    radius,
    stroke,
    box,
    center: box / 2,
    circumference: round(circumference),
    arc: round(arc),
    dashArray: `${round(arc)} ${round(circumference)}`,
  };
}
