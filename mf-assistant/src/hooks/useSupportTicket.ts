import { useMounted, useParcel, type SupportRequest } from '@pos/shared';
import { useCallback, useState } from 'react';
import { sendSupportRequest, setSupportNewTicket } from '../api';
import { refusalText } from '../refusal';
import { SUPPORT_NOT_SENT, SUPPORT_SETTING_NOT_SAVED, supportRequestSent } from '../texts';
import type { SupportCardDetails } from '../types';

/**
 * The support card's actions (issue 14): showing or hiding the new-ticket form (PATCH
 * user-tasks/support {createNewTicket}, kept by the api) and sending a request (POST
 * user-tasks/send-support-request). A request sent gives a success bubble with its id, and the
 * form closes; a refusal — the hourly limit (429), the mail (502), a rule (400) — is the form's
 * error, in the api's words. `setCard` puts the card the api answered on screen.
 */
export function useSupportTicket(setCard: (card: SupportCardDetails) => void) {
  const { api, bus } = useParcel();
  const isMounted = useMounted();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  const setNewTicket = useCallback(
    async (createNewTicket: boolean) => {
      setBusy(true);
      setError(null);
      try {
        const card = await setSupportNewTicket(api, createNewTicket);
        if (isMounted()) setCard(card);
      } catch (failure) {
        if (isMounted()) setError(refusalText(failure, SUPPORT_SETTING_NOT_SAVED));
      } finally {
        if (isMounted()) setBusy(false);
      }
    },
    [api, isMounted, setCard],
  );

  const send = useCallback(
    async (request: SupportRequest): Promise<string | undefined> => {
      try {
        const { id, message } = await sendSupportRequest(api, request);
        bus.emit('notify', { message: supportRequestSent(message, id), status: 'success' });
        if (!isMounted()) return undefined;
        setSentId(id);
        void setNewTicket(false);
        return undefined;
      } catch (failure) {
        return refusalText(failure, SUPPORT_NOT_SENT);
      }
    },
    [api, bus, isMounted, setNewTicket],
  );

  return { busy, error, sentId, setNewTicket, send };
}
