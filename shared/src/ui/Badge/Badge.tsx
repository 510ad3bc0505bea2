import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import './Badge.css';

/** Meaning of a badge; each tone meets AA contrast on its soft background. */
export type BadgeTone = 'neutral' | 'primary' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  icon?: IconName;
  children: ReactNode;
}

/** A short status label ('Active', 'Blocked', 'Most Popular', 'Expires Soon'). */
export function Badge({ tone = 'neutral', icon, className, children, ...rest }: BadgeProps) {
  return (
    <span {...rest} className={cx('pos-badge', `pos-badge--${tone}`, className)}>
      {icon && <Icon name={icon} size={14} />}
      {children}
    </span>
  );
}
