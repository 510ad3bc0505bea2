import type { ReactNode } from 'react';
import { cx } from '../cx';
import { Button } from '../Button';
import { Icon } from '../Icon';
import '../EmptyState/EmptyState.css';

export interface ErrorStateProps {
  /** What went wrong, usually apiErrorMessage(error). */
  message: ReactNode;
  title?: ReactNode;
  /** When given, a retry button calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
  'data-testid'?: string;
}

/** A failed load: announced as an alert, with a retry button when the caller can retry. */
export function ErrorState({
  message,
  title = 'Something went wrong',
  onRetry,
  retryLabel = 'Try again',
  className,
  'data-testid': testId,
}: ErrorStateProps) {
  return (
    <div
      className={cx('pos-state', 'pos-state--error', className)}
      role="alert"
      data-testid={testId}
    >
      <span className="pos-state__icon" aria-hidden="true">
        <Icon name="warning" size={24} />
      </span>
      <p className="pos-state__title">{title}</p>
      <p className="pos-state__message">{message}</p>
      {onRetry && (
        <div className="pos-state__action">
          <Button variant="secondary" icon="refresh" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
