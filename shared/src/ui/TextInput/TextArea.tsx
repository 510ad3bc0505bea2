import type { Ref, TextareaHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { cx } from '../cx';
import { FieldMessages, describedBy } from './field';
import './TextInput.css';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** The visible label; always given, so the field has a name. */
  label: ReactNode;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Error text; marks the field invalid and is announced with it. */
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text field (a message), with optional hint and error, like TextInput. */
export function TextArea({ label, hint, error, id, className, rows = 5, ...rest }: TextAreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('pos-field', error && 'has-error', className)}>
      <label htmlFor={inputId} className="pos-field__label">
        {label}
        {rest.required && (
          <span className="pos-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <textarea
        {...rest}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={describedBy(hintId, errorId, rest['aria-describedby'])}
        className="pos-input pos-input--multiline"
      />
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
