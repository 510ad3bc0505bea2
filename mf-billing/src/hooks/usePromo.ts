import { useCallback, useEffect, useState } from 'react';
import { useParcel } from '@pos/shared';
import { fetchActivePromo, verifyPromoCode } from '../api';
import { PROMO_FAILED } from '../texts';
import type { Discount, Plan } from '../types';

/**
 * The discount for the chosen plan: the one already on the viewer's subscription of it
 * (GET /promotion-code/active), or a code the viewer applies (POST /promotion-code). A code
 * that cannot be used answers status 'error' with the text to show (spec 8).
 */
export function usePromo(plan: Plan | null) {
  const { api } = useParcel();
  const [promo, setPromo] = useState<Discount | null>(null);
  const planId = plan && !plan.isFree ? plan.id : null;

  useEffect(() => {
    setPromo(null);
    if (!planId) return;
    const controller = new AbortController();
    fetchActivePromo(api, planId, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted && answer.status === 'success') setPromo(answer.promo);
      },
      // Without the active discount the full price shows; applying a code still works.
      () => undefined,
    );
    return () => controller.abort();
  }, [api, planId]);

  const apply = useCallback(
    async (promoCode: string): Promise<string | undefined> => {
      if (!planId) return undefined;
      try {
        const answer = await verifyPromoCode(api, promoCode, planId);
        if (answer.status === 'success' && answer.promo) {
          setPromo(answer.promo);
          return undefined;
        }
        return answer.message ?? PROMO_FAILED;
      } catch {
        return PROMO_FAILED;
      }
    },
    [api, planId],
  );

  const remove = useCallback(() => setPromo(null), []);
  return { promo, apply, remove };
}
