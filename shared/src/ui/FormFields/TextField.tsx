import { useField } from 'react-final-form';
import { TextInput, type TextInputProps } from '../TextInput';
import { fieldError, keepTyped, type FieldBinding } from './fieldBinding';

export type TextFieldProps = FieldBinding<string> &
  Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'error'>;

/**
 * The kit's TextInput bound to a react-final-form field: the form owns its value, touched and
 * submit state; the field shows the value's validation text once touched, or the server's answer
 * to the last submit. Handlers given (onChange, onFocus, onBlur, onKeyDown, …) run after the
 * form's own.
 */
export function TextField({
  name,
  validate,
  format,
  busy = false,
  readOnly,
  onChange,
  onFocus,
  onBlur,
  ...rest
}: TextFieldProps) {
  const { input, meta } = useField<string, HTMLInputElement>(name, {
    validate,
    format,
    parse: keepTyped,
  });
  return (
    <TextInput
      {...rest}
      name={input.name}
      value={input.value}
      readOnly={busy || readOnly}
      aria-busy={busy || rest['aria-busy'] || undefined}
      error={fieldError(meta)}
      onChange={(event) => {
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

export type UrlFieldProps = Omit<TextFieldProps, 'type'>;

/** A TextField for a web address: type url, the url keyboard on phones, url autofill. */
export function UrlField(props: UrlFieldProps) {
  return <TextField inputMode="url" autoComplete="url" {...props} type="url" />;
}
