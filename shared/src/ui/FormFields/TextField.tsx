import { TextInput, type TextInputProps } from '../TextInput';
import { useTextBinding, type FieldBinding } from './fieldBinding';

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
  busy,
  readOnly,
  onChange,
  onFocus,
  onBlur,
  ...rest
}: TextFieldProps) {
  const bound = useTextBinding<HTMLInputElement>({
    name,
    validate,
    format,
    busy,
    readOnly,
    onChange,
    onFocus,
    onBlur,
    'aria-busy': rest['aria-busy'],
  });
  return <TextInput {...rest} {...bound} />;
}

export type UrlFieldProps = Omit<TextFieldProps, 'type'>;

/** A TextField for a web address: type url, the url keyboard on phones, url autofill. */
export function UrlField(props: UrlFieldProps) {
  return <TextField inputMode="url" autoComplete="url" {...props} type="url" />;
}
