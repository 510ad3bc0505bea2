import { TextArea, type TextAreaProps } from '../TextInput';
import { useTextBinding, type FieldBinding } from './fieldBinding';

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
  busy,
  readOnly,
  onChange,
  onFocus,
  onBlur,
  ...rest
}: TextAreaFieldProps) {
  const bound = useTextBinding<HTMLTextAreaElement>({
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
  return <TextArea {...rest} {...bound} />;
}
