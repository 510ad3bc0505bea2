import { useState } from 'react';
import { IconButton, maskSecret, TextInput } from '@pos/shared';

export interface KeyFieldProps {
  /** 'Key' or 'Secret'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
  /** data-testid of the show/hide button. */
  toggleTestId?: string;
}

/**
 * A consumer key or secret. Hidden, it shows the value masked per spec 5 and cannot be typed
 * into; focusing or typing into an empty field shows it, so people can type or paste, and the eye
 * button hides it again.
 */
export function KeyField({
  label,
  value,
  onChange,
  disabled = false,
  placeholder,
  'data-testid': testId,
  toggleTestId,
}: KeyFieldProps) {
  const [shown, setShown] = useState(false);
  // An empty field has nothing to hide: it takes typing (and autofill) at once, and is never
  // announced as read-only.
  const editable = shown || value === '';
  return (
    <TextInput
      label={label}
      value={shown ? value : maskSecret(value)}
      readOnly={!editable}
      disabled={disabled}
      placeholder={placeholder}
      autoComplete="off"
      spellCheck={false}
      className="pos-apps-key-field"
      onFocus={() => setShown(true)}
      onChange={(event) => {
        if (!editable) return;
        setShown(true);
        onChange(event.target.value);
      }}
      data-testid={testId}
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
