import { useState } from 'react';
import { maskSecret } from '../../rules/mask';
import { IconButton } from '../IconButton';
import { TextInput, type TextInputProps } from '../TextInput';

export interface SecretInputProps extends Omit<
  TextInputProps,
  'label' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'endAdornment'
> {
  /** The field's name, also in its show/hide button's ('Show Key', 'Hide Key'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** data-testid of the show/hide button. */
  toggleTestId?: string;
}

/**
 * A secret such as a store's consumer key or secret. Hidden, it shows the value masked per spec 5
 * and cannot be typed into; focusing or typing into an empty field shows it, so people can type
 * or paste, and the eye button hides it again.
 */
export function SecretInput({
  label,
  value,
  onChange,
  disabled = false,
  readOnly = false,
  toggleTestId,
  onFocus,
  ...rest
}: SecretInputProps) {
  const [shown, setShown] = useState(false);
  // An empty field has nothing to hide: it takes typing (and autofill) at once, and is never
  // announced as read-only.
  const editable = (shown || value === '') && !readOnly;
  return (
    <TextInput
      autoComplete="off"
      spellCheck={false}
      {...rest}
      label={label}
      value={shown ? value : maskSecret(value)}
      readOnly={!editable}
      disabled={disabled}
      onFocus={(event) => {
        setShown(true);
        onFocus?.(event);
      }}
      onChange={(event) => {
        if (!editable) return;
        setShown(true);
        onChange(event.target.value);
      }}
      endAdornment={
        <IconButton
          icon={shown ? 'eye-off' : 'eye'}
          size="sm"
          aria-label={shown ? `Hide ${label}` : `Show ${label}`}
          disabled={disabled}
          onClick={() => setShown((current) => !current)}
          data-testid={toggleTestId}
        />
      }
    />
  );
}
