import { cx } from '../cx';
import './LoadingState.css';

export interface SpinnerProps {
  /** Diameter in px. */
  size?: number;
  className?: string;
}

/** A decorative spinning ring; pair it with text (LoadingState) so the wait is announced. */
export function Spinner({ size = 20, className }: SpinnerProps) {
  return (
    <span
      className={cx('pos-spinner', className)}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
