import type { ReactNode } from 'react';
import { cx } from '../cx';
import './Toggle.css';

export interface ToggleProps {
  /** The switch's name, shown beside it. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /**
   * A change is being saved: looks disabled and ignores clicks and keys, but stays focusable
   * (aria-disabled, not disabled), so keyboard focus is not lost while the change is saved.
   */
  busy?: boolean;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Puts the label before the switch (settings rows) instead of after it. */
  labelFirst?: boolean;
  id?: string;
  className?: string;
  'data-testid'?: string;
}

/** A labelled on/off switch (role switch): Space or Enter flips it, like a click. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled = false,
  busy = false,
  hideLabel = false,
  labelFirst = false,
  id,
  className,
  'data-testid': testId,
}: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      disabled={disabled}
      aria-disabled={(busy && !disabled) || undefined}
      aria-busy={busy || undefined}
      data-testid={testId}
      // Space and Enter reach a button as a click, so ignoring the click ignores them too.
      onClick={busy ? undefined : () => onChange(!checked)}
      className={cx(
        'pos-toggle',
        checked && 'is-on',
        busy && 'is-busy',
        labelFirst && 'pos-toggle--label-first',
        className,
      )}
    >
      <span className="pos-toggle__track" aria-hidden="true">
        <span className="pos-toggle__thumb" />
      </span>
      <span className={cx('pos-toggle__label', hideLabel && 'pos-visually-hidden')}>{label}</span>
    </button>
  );
}
