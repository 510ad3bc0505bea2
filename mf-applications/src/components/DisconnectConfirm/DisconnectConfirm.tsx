import { ConfirmDialog } from '@pos/shared';
import { DISCONNECT_TITLE, disconnectQuestion } from '../../texts';
import type { Application } from '../../types';
import { storeHost } from '../../urls';

export interface DisconnectConfirmProps {
  application: Application;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before Disconnect, saying what becomes of the store's Read/Write key: with the Cloud POS
 * plugin the api revokes it on the store; without, it stays active until the owner revokes it in
 * WooCommerce.
 */
export function DisconnectConfirm({
  application,
  open,
  onConfirm,
  onCancel,
}: DisconnectConfirmProps) {
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      title={DISCONNECT_TITLE}
      message={disconnectQuestion(
        application.name,
        storeHost(application.homeUrl),
        application.posPlugin.active,
      )}
      confirmLabel="Disconnect"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
