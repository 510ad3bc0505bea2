import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import { Spinner } from '../LoadingState/Spinner';
import './Button.css';

/** Visual weight of a button: one primary action per view, danger for destructive ones. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner, keeps the label for screen readers and blocks further clicks. The button
   * stays focusable (aria-disabled, not disabled), so keyboard focus is not lost mid-action.
   */
  loading?: boolean;
  /**
   * aria-disabled="true" (without `disabled`) looks and acts disabled but stays focusable, so
   * a description of why it is disabled can be reached; its clicks are ignored.
   */
  'aria-disabled'?: ButtonHTMLAttributes<HTMLButtonElement>['aria-disabled'];
  /** An icon before the label. */
  icon?: IconName;
  /** An icon after the label (e.g. 'external' for links that open elsewhere). */
  iconAfter?: IconName;
  /** Stretches to the width of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

/** The product's button. Defaults to type="button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  iconAfter,
  block = false,
  disabled,
  className,
  type = 'button',
  children,
  onClick,
  'aria-disabled': ariaDisabled,
  ...rest
}: ButtonProps) {
  const iconSize = size === 'sm' ? 16 : 18;
  const inert = loading || ariaDisabled === true || ariaDisabled === 'true';
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={(loading && !disabled) || ariaDisabled || undefined}
      aria-busy={loading || undefined}
      // While loading (or aria-disabled) a click does nothing, not even submit its form.
      onClick={inert ? (event) => event.preventDefault() : onClick}
      className={cx(
        'pos-button',
        `pos-button--${variant}`,
        `pos-button--${size}`,
        block && 'pos-button--block',
        loading && 'is-loading',
        className,
      )}
    >
      {loading ? <Spinner size={iconSize - 2} /> : icon && <Icon name={icon} size={iconSize} />}
      {children != null && <span className="pos-button__label">{children}</span>}
      {iconAfter && !loading && <Icon name={iconAfter} size={iconSize} />}
    </button>
  );
}
