import type { ReactNode } from 'react';
import { Icon } from '../Icon';

/** The ids a form field links with aria-describedby: its hint, then its error. */
export function describedBy(
  hintId: string | undefined,
  errorId: string | undefined,
  extra?: string,
): string | undefined {
  const ids = [extra, hintId, errorId].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The hint and error lines under a field, with the ids its control points to. */
export function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string | undefined;
  hint?: ReactNode;
  errorId: string | undefined;
  error?: ReactNode;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="pos-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="pos-field__error">
          <Icon name="danger" size={14} />
          {error}
        </p>
      )}
    </>
  );
}
