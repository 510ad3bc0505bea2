import type { FormEvent, ReactNode, RefObject } from 'react';
import { useRef } from 'react';
import { useModalFocus } from '@pos/shared/ui/Modal';
import { TEXTS } from '../texts';

export interface RegisterDialogProps {
  /** The title's element id, which names the dialog (`aria-labelledby`). */
  titleId: string;
  title: ReactNode;
  /** What gets focus when the dialog opens (its first field). */
  initialFocus: RefObject<HTMLElement | null>;
  /** Cancel and Escape. */
  onCancel: () => void;
  /** The form's submit (Enter or the primary action). */
  onSubmit: (event: FormEvent) => void;
  /** The error shown under the fields, as an alert. */
  error: string | null;
  /** What the dialog shows between its title and its form. */
  intro?: ReactNode;
  /** The buttons after Cancel, the submit button last. */
  actions: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The register's modal dialog: the backdrop, the focus kept inside (Escape cancels), the title,
 * a form with its error and its actions after Cancel. The register's dialogs (pay, refund,
 * discount, variation) differ only in their fields and actions.
 */
export function RegisterDialog({
  titleId,
  title,
  initialFocus,
  onCancel,
  onSubmit,
  error,
  intro,
  actions,
  children,
}: RegisterDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useModalFocus(dialog, { open: true, onEscape: onCancel, initialFocus });
  return (
    <div className="register-overlay">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="register-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {intro}
        <form onSubmit={onSubmit} noValidate>
          {children}
          {error && (
            <p role="alert" className="register-error">
              {error}
            </p>
          )}
          <div className="register-actions">
            <button type="button" className="register-secondary" onClick={onCancel}>
              {TEXTS.cancel}
            </button>
            {actions}
          </div>
        </form>
      </div>
    </div>
  );
}
