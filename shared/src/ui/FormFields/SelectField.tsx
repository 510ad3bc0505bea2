import { useField } from 'react-final-form';
import { Select, type SelectProps } from '../Select';
import { fieldError, keepTyped, type FieldBinding } from './fieldBinding';

export type SelectFieldProps = FieldBinding<string> &
  Omit<SelectProps, 'name' | 'value' | 'defaultValue' | 'error'>;

/**
 * The kit's Select bound to a react-final-form field: the chosen option's value is the form's
 * ('' for the placeholder choice), with the validation text once touched, or the server's answer
 * to the last submit. `busy` keeps it focusable but refuses changes (a select has no read-only).
 */
export function SelectField({
  name,
  validate,
  format,
  busy = false,
  onChange,
  onFocus,
  onBlur,
  ...rest
}: SelectFieldProps) {
  const { input, meta } = useField<string, HTMLSelectElement>(name, {
    validate,
    format,
    parse: keepTyped,
  });
  return (
    <Select
      {...rest}
      name={input.name}
      value={input.value}
      aria-busy={busy || rest['aria-busy'] || undefined}
      error={fieldError(meta)}
      onChange={(event) => {
        if (busy) return;
        input.onChange(event);
        onChange?.(event);
      }}
      onFocus={(event) => {
        input.onFocus(event);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        input.onBlur(event);
        onBlur?.(event);
      }}
    />
  );
}
