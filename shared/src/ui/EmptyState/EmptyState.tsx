import type { ReactNode } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import './EmptyState.css';

export interface EmptyStateProps {
  /** The spec's empty text, e.g. 'No users were found by your request'. */
  title: ReactNode;
  /** A further hint under the title. */
  message?: ReactNode;
  icon?: IconName;
  /** A next step, e.g. a link to create the first item. */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({
  title,
  message,
  icon = 'search',
  action,
  className,
  'data-testid': testId,
}: EmptyStateProps) {
  return (
    <div className={cx('pos-state', className)} data-testid={testId}>
      <span className="pos-state__icon" aria-hidden="true">
        <Icon name={icon} size={24} />
      </span>
      <p className="pos-state__title">{title}</p>
      {message && <p className="pos-state__message">{message}</p>}
      {action && <div className="pos-state__action">{action}</div>}
    </div>
  );
}
