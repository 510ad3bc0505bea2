import { Icon, cx } from '@pos/shared';
import type { ReactNode } from 'react';
import './Banner.css';

export interface BannerProps {
  tone: 'danger' | 'warning' | 'info';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  'data-testid'?: string;
}

const ICON = {
  danger: <Icon name="pause" size={20} />,
  warning: <Icon name="warning" size={20} />,
  info: <Icon name="mail" size={20} />,
};

/** An account-wide notice at the top of the page (ban, overdue payment, unconfirmed email). */
export function Banner({ tone, title, children, actions, 'data-testid': testId }: BannerProps) {
  return (
    <div className={cx('shell-banner', `shell-banner--${tone}`)} data-testid={testId}>
      <span className="shell-banner__icon" aria-hidden="true">
        {ICON[tone]}
      </span>
      <div className="shell-banner__body">
        <p className="shell-banner__title">{title}</p>
        {children && <div className="shell-banner__text">{children}</div>}
      </div>
      {actions && <div className="shell-banner__actions">{actions}</div>}
    </div>
  );
}
