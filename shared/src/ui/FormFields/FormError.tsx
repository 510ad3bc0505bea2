import type { HTMLAttributes } from 'react';
import { useFormState } from 'react-final-form';
import { cx } from '../cx';
import './FormError.css';

export type FormErrorProps = Omit<HTMLAttributes<HTMLParagraphElement>, 'children' | 'role'>;

/**
 * The form's own error: the text its last submit answered with final-form's FORM_ERROR (the
 * server's refusal), under the fields and announced. It stays until the next submit.
 */
export function FormError({ className, ...rest }: FormErrorProps) {
  const { submitError } = useFormState({ subscription: { submitError: true } });
  if (typeof submitError !== 'string' || submitError === '') return null;
  return (
    <p {...rest} className={cx('pos-form-error', className)} role="alert">
      {submitError}
    </p>
  );
}
