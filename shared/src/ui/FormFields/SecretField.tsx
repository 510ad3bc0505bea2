import { useField } from 'react-final-form';
import { SecretInput, type SecretInputProps } from '../SecretInput';
import { fieldError, keepTyped, type FieldBinding } from './fieldBinding';

export type SecretFieldProps = FieldBinding<string> &
  Omit<SecretInputProps, 'name' | 'value' | 'onChange' | 'error'>;

/**
 * The kit's SecretInput (masked per spec 5, with show/hide) bound to a react-final-form field,
 * with the validation text once touched, or the server's answer to the last submit.
 */
export function SecretField({
  name,
  validate,
  format,
  busy = false,
  readOnly,
  onFocus,
  onBlur,
  ...rest
}: SecretFieldProps) {
  const { input, meta } = useField<string, HTMLInputElement>(name, {
    validate,
    format,
    parse: keepTyped,
  });
  return (
    <SecretInput
      {...rest}
      name={input.name}
      value={input.value}
      onChange={input.onChange}
      readOnly={busy || readOnly}
      aria-busy={busy || rest['aria-busy'] || undefined}
      error={fieldError(meta)}
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
