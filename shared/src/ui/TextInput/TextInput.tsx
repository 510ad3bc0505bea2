import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { cx } from '../cx';
import { Icon, type IconName } from '../Icon';
import { FieldMessages, describedBy } from './field';
import './TextInput.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** The visible label; always given, so the field has a name. */
  label: ReactNode;
  /** Keeps the label for screen readers only (e.g. a search field with an icon). */
  hideLabel?: boolean;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Error text; marks the field invalid and is announced with it. */
  error?: ReactNode;
  /** An icon inside the field, before the text. */
  icon?: IconName;
  /** Content after the input inside the field, e.g. a show/hide IconButton. */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text field with optional hint and error, linked by aria-describedby. */
export function TextInput({
  label,
  hideLabel = false,
  hint,
  error,
  icon,
  endAdornment,
  id,
  className,
  type = 'text',
  ...rest
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('pos-field', error && 'has-error', className)}>
      <label
        htmlFor={inputId}
        className={cx('pos-field__label', hideLabel && 'pos-visually-hidden')}
      >
        {label}
        {rest.required && (
          <span className="pos-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="pos-field__control">
        {icon && <Icon name={icon} size={18} className="pos-field__icon" />}
        <input
          {...rest}
          id={inputId}
          type={type}
          aria-invalid={error ? true : rest['aria-invalid']}
          aria-describedby={describedBy(hintId, errorId, rest['aria-describedby'])}
          className={cx(
            'pos-input',
            icon && 'pos-input--with-icon',
            endAdornment && 'pos-input--with-end',
          )}
        />
        {endAdornment && <div className="pos-field__end">{endAdornment}</div>}
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
