import type { FieldValidator } from 'final-form';

/**
 * A field must be filled in: `text` (the spec's words, e.g. 'Name is required') for a value that
 * is missing, blank after trimming, or an empty list.
 */
export function required<Value = unknown>(text: string): FieldValidator<Value> {
  return (value: unknown) => {
    if (value === undefined || value === null) return text;
    if (typeof value === 'string' && value.trim() === '') return text;
    if (Array.isArray(value) && value.length === 0) return text;
    return undefined;
  };
}

/**
 * Several checks of one field, in order: the first text any of them returns is the one shown,
 * so 'Name is required' comes before 'Please enter your full name'. Asynchronous checks are not
 * supported (none of the spec's rules needs the server before submit).
 */
export function composeValidators<Value>(
  ...validators: ReadonlyArray<FieldValidator<Value> | undefined>
): FieldValidator<Value> {
  return (value, allValues, meta) => {
    for (const validator of validators) {
      const text: unknown = validator?.(value, allValues, meta);
      if (text !== undefined) return text;
    }
    return undefined;
  };
}
