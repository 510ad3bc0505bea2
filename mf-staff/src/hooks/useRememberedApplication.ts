import { useParcel } from '@pos/shared';
import { useCallback, useState } from 'react';
import { readRememberedApplication, rememberApplication } from '../rememberedApplication';

/**
 * The application the signed-in user last chose on the staff pages, and a way to remember a new
 * choice. Kept per user (the token's sub), so another account on the same browser starts afresh.
 */
export function useRememberedApplication() {
  const { session } = useParcel();
  const userId = session.claims?.sub ?? null;
  const [rememberedId, setRememberedId] = useState(() => readRememberedApplication(userId));
  const remember = useCallback(
    (applicationId: string) => {
      rememberApplication(userId, applicationId);
      setRememberedId(applicationId);
    },
    [userId],
  );
  return { rememberedId, remember };
}
