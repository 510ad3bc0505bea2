import { useField } from 'react-final-form';
import { TextArea, type TextAreaProps } from '../TextInput';
import { fieldError, keepTyped, type FieldBinding } from './fieldBinding';

export type TextAreaFieldProps = FieldBinding<string> &
  Omit<TextAreaProps, 'name' | 'value' | 'defaultValue' | 'error'>;

/**
 * The kit's TextArea bound to a react-final-form field, as TextField binds TextInput: the value's
 * validation text once touched, or the server's answer to the last submit.
 */
export function TextAreaField({
  name,
  validate,
  format,
  busy = false,
  readOnly,
  onChange,
  onFocus,
  onBlur,
  ...rest
}: TextAreaFieldProps) {
  const { input, meta } = useField<string, HTMLTextAreaElement>(name, {
    validate,
    format,
    parse: keepTyped,
  });
  return (
    <TextArea
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
