import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { cx } from '../cx';
import { Icon } from '../Icon';
import { FieldMessages, describedBy } from '../TextInput/field';
import '../TextInput/TextInput.css';
import './Select.css';

/** One choice of a Select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: ReactNode;
  /** Keeps the label for screen readers only (e.g. a select inside a table row). */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select an application'. */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** A compact select for table rows and toolbars. */
  compact?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select: keyboard, touch and screen-reader support come with the platform. */
export function Select({
  label,
  hideLabel = false,
  options,
  placeholder,
  hint,
  error,
  compact = false,
  id,
  className,
  ...rest
}: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div
      className={cx('pos-field', compact && 'pos-field--compact', error && 'has-error', className)}
    >
      <label
        htmlFor={selectId}
        className={cx('pos-field__label', hideLabel && 'pos-visually-hidden')}
      >
        {label}
      </label>
      <div className="pos-field__control">
        <select
          {...rest}
          id={selectId}
          aria-invalid={error ? true : rest['aria-invalid']}
          aria-describedby={describedBy(hintId, errorId, rest['aria-describedby'])}
          className="pos-select"
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevron-right" size={16} className="pos-select__chevron" />
      </div>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
