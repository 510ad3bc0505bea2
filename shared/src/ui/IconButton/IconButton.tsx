import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import '../Button/Button.css';
import './IconButton.css';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  icon: IconName;
  /** Required: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  ref?: Ref<HTMLButtonElement>;
}

/** A square button showing only an icon; its aria-label is its name. */
export function IconButton({
  icon,
  variant = 'ghost',
  size = 'md',
  className,
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      title={title ?? rest['aria-label']}
      className={cx(
        'pos-button',
        `pos-button--${variant}`,
        'pos-icon-button',
        `pos-icon-button--${size}`,
        className,
      )}
    >
      <Icon name={icon} size={size === 'sm' ? 16 : size === 'lg' ? 24 : 20} />
    </button>
  );
}
