import type { FieldValidator } from 'final-form';
import type { ChangeEvent, FocusEvent } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { useField } from 'react-final-form';

/** What binds a kit field adapter to its value in a react-final-form `Form`. */
export interface FieldBinding<Value> {
  /** The value's name in the form's values. */
  name: string;
  /**
   * Checks the value: returns the text to show under the field (the spec's words), or
   * undefined when the value is fine. `required` and `composeValidators` build the usual ones.
   */
  validate?: FieldValidator<Value>;
  /** What the control shows for the form's value (react-final-form's `format`). */
  format?: (value: Value | undefined, name: string) => Value;
  /**
   * The value is being saved: the control is read-only and aria-busy meanwhile. Unlike
   * `disabled` it keeps keyboard focus, so typing can go on where it was once the save ends.
   */
  busy?: boolean;
}

/**
 * Text fields keep what was typed, '' included. (react-final-form's default parse turns '' into
 * undefined, which every form would then have to tell apart from a value never typed.)
 */
export const keepTyped = (value: string) => value;

/**
 * The text a field shows under it: its validation text once the field was left or a submit was
 * tried (final-form marks every field touched then), else the server's answer to the last submit
 * for this field, until the value is changed again.
 */
export function fieldError(meta: FieldMetaState<unknown>): string | undefined {
  if (!meta.touched) return undefined;
  const text: unknown = meta.error ?? (meta.dirtySinceLastSubmit ? undefined : meta.submitError);
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** What a text control (input or textarea) takes from {@link useTextBinding}. */
export interface TextControlOptions<
  E extends HTMLInputElement | HTMLTextAreaElement,
> extends FieldBinding<string> {
  readOnly?: boolean;
  'aria-busy'?: boolean | 'true' | 'false';
  onChange?: (event: ChangeEvent<E>) => void;
  onFocus?: (event: FocusEvent<E>) => void;
  onBlur?: (event: FocusEvent<E>) => void;
}

/**
 * Binds a text control to its react-final-form field: value, read-only while busy, the text to
 * show under it, and the form's handlers followed by the caller's (TextField, TextAreaField).
 */
export function useTextBinding<E extends HTMLInputElement | HTMLTextAreaElement>({
  name,
  validate,
  format,
  busy = false,
  readOnly,
  onChange,
  onFocus,
  onBlur,
  'aria-busy': ariaBusy,
}: TextControlOptions<E>) {
  const { input, meta } = useField<string, E>(name, { validate, format, parse: keepTyped });
  return {
    name: input.name,
    value: input.value,
    readOnly: busy || readOnly,
    'aria-busy': busy || ariaBusy || undefined,
    error: fieldError(meta),
    onChange: (event: ChangeEvent<E>) => {
      input.onChange(event);
      onChange?.(event);
    },
    onFocus: (event: FocusEvent<E>) => {
      input.onFocus(event);
      onFocus?.(event);
    },
    onBlur: (event: FocusEvent<E>) => {
      input.onBlur(event);
      onBlur?.(event);
    },
  };
}
