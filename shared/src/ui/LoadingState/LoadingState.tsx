import { cx } from '../cx';
import { Spinner } from './Spinner';
import './LoadingState.css';

export interface LoadingStateProps {
  /** What is loading, in the spec's words, e.g. 'Loading stations'. */
  message?: string;
  /** Inline sits in a line of text or a table cell; block centres itself in its area. */
  inline?: boolean;
  className?: string;
}

/** A spinner with a message, announced politely to screen readers. */
export function LoadingState({
  message = 'Loading',
  inline = false,
  className,
}: LoadingStateProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx('pos-loading', inline && 'pos-loading--inline', className)}
    >
      <Spinner size={inline ? 16 : 28} />
      <span className="pos-loading__message">{message}</span>
    </div>
  );
}
