import type { ReactNode } from 'react';
import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { useModalFocus } from '../Modal';
import './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or consequence, e.g. 'Are you sure you want to permanently delete this application?' */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger styles the confirm button for destructive actions. */
  tone?: 'primary' | 'danger';
  /** Shows a spinner on the confirm button while the action runs. */
  busy?: boolean;
  /**
   * A choice the confirmation needs (e.g. the new role), under the message. It is not part of
   * the dialog's description, so a screen reader is not read its options.
   */
  children?: ReactNode;
  /** Nothing to confirm yet (e.g. the choice is still the current one). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** Called by Cancel, Escape and a click on the backdrop. */
  onCancel: () => void;
  'data-testid'?: string;
}

/**
 * A modal confirmation. Focus moves to Cancel (the safe choice), stays inside the dialog while
 * it is open, and returns to where it was when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  children,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  'data-testid': testId,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModalFocus(dialogRef, {
    open,
    initialFocus: cancelRef,
    onEscape: () => {
      if (!busy) onCancel();
    },
  });

  if (!open) return null;

  return createPortal(
    <div
      className="pos-dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={message ? messageId : undefined}
        className="pos-dialog"
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <div className={`pos-dialog__icon pos-dialog__icon--${tone}`} aria-hidden="true">
          <Icon name={tone === 'danger' ? 'warning' : 'info'} size={22} />
        </div>
        <div className="pos-dialog__content">
          <h2 id={titleId} className="pos-dialog__title">
            {title}
          </h2>
          {message && (
            <div id={messageId} className="pos-dialog__message">
              {message}
            </div>
          )}
          {children && <div className="pos-dialog__choice">{children}</div>}
        </div>
        <div className="pos-dialog__actions">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={onConfirm}
            loading={busy}
            disabled={confirmDisabled && !busy}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
