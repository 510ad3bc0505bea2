import { ConfirmDialog } from '@pos/shared';
import { deleteQuestion } from '../../texts';
import { isConnected, type Application } from '../../types';
import { storeHost } from '../../urls';

export interface DeleteConfirmProps {
  /** The application to delete; null: the dialog is closed. */
  application: Application | null;
  /** The spec's question: the list's or the detail page's. */
  question: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before Delete with the spec's question and, for an application that holds a key, what
 * becomes of the store's Read/Write key (revoked through the Cloud POS plugin, else left for
 * the owner to revoke in WooCommerce), as Disconnect's question does.
 */
export function DeleteConfirm({
  application,
  question,
  busy,
  onConfirm,
  onCancel,
}: DeleteConfirmProps) {
  return (
    <ConfirmDialog
      open={application !== null}
      tone="danger"
      title="Delete application"
      message={
        application
          ? deleteQuestion(
              question,
              isConnected(application.status),
              storeHost(application.homeUrl),
              application.posPlugin.active,
            )
          : question
      }
      confirmLabel="Delete"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
