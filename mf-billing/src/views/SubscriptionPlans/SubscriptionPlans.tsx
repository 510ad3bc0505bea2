import { useCallback, useRef, useState } from 'react';
import {
  ErrorState,
  LoadingState,
  PageHeader,
  apiErrorMessage,
  useLoad,
  useParcel,
} from '@pos/shared';
import { fetchPlans } from '../../api';
import { AccessToggle } from '../../components/AccessToggle';
import { EnterpriseCard } from '../../components/EnterpriseCard';
import { PlanCard } from '../../components/PlanCard';
import { PlanUsageSummary, billsExcess } from '../../components/PlanUsageSummary';
import { usePlanState } from '../../hooks/usePlanState';
import {
  initialAccess,
  planCardAction,
  planEnding,
  visiblePlans,
  type PlanAccess,
} from '../../planRules';
import { billingTestIds } from '../../testIds';
import { LOADING_PLANS, PLANS, SUBSCRIBE_TO_A_PLAN, THIS_PERIOD } from '../../texts';
import type { Plan } from '../../types';
import { PaymentForm } from './PaymentForm';
import './SubscriptionPlans.css';

const ids = billingTestIds.plans;

/**
 * My Plan, /subscription-plans (spec 2.7): 'Subscribe to a plan', the 'POS Plans' / 'Shared
 * Access' toggle for non-managers, this period's orders and excess on a paid plan, a card per plan and the enterprise card, and the payment
 * form for the chosen plan (the viewer's own until another is chosen).
 */
export function SubscriptionPlans() {
  const { api, viewer } = useParcel();
  const isManager = viewer.userRole === 'manager';
  const planState = usePlanState();
  const loadPlans = useCallback((signal: AbortSignal) => fetchPlans(api, signal), [api]);
  const plans = useLoad(loadPlans);
  const [access, setAccess] = useState<PlanAccess | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const paymentRef = useRef<HTMLDivElement>(null);

  const currentPlan = planState.data?.plan ?? null;
  const usage = planState.data?.usage ?? null;
  const failed = [planState, plans].find((load) => load.status === 'error' && load.data === null);
  const loading = planState.data === null || plans.data === null;

  const side = access ?? initialAccess(currentPlan);
  const shown = visiblePlans(plans.data ?? [], isManager, side);
  // The chosen plan, else the viewer's own when it is among the cards shown.
  const selected =
    shown.find((plan) => plan.id === selectedId) ??
    (selectedId === null ? shown.find((plan) => plan.id === currentPlan?.id) : undefined) ??
    null;

  const choose = (plan: Plan) => {
    setSelectedId(plan.id);
    // On a phone the payment form is below the cards: bring it into view.
    paymentRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="pos-page pos-plans-page" data-testid={ids.page}>
      <PageHeader title={SUBSCRIBE_TO_A_PLAN} />
      {failed ? (
        <ErrorState
          message={apiErrorMessage(failed.error)}
          onRetry={() => {
            planState.reload();
            plans.reload();
          }}
          data-testid={ids.error}
        />
      ) : loading ? (
        <LoadingState message={LOADING_PLANS} />
      ) : (
        <>
          {!isManager && (
            <AccessToggle
              value={side}
              onChange={(next) => {
                setAccess(next);
                setSelectedId(null);
              }}
            />
          )}
          {billsExcess(currentPlan, usage) && (
            <section className="pos-plans-page__usage" aria-labelledby="plan-usage-heading">
              <h2 id="plan-usage-heading" className="pos-plans-page__usage-title">
                {THIS_PERIOD}
              </h2>
              <PlanUsageSummary usage={usage} data-testid={ids.usage} />
            </section>
          )}
          <section className="pos-plans-page__plans" aria-labelledby="subscription-plans-heading">
            {/* The plan names are h3s: the outline needs an h2 above them. */}
            <h2 id="subscription-plans-heading" className="pos-visually-hidden">
              {PLANS}
            </h2>
            <div className="pos-plans-page__grid">
              {shown.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  action={planCardAction(plan, {
                    currentPlan,
                    selectedPlanId: selected?.id ?? null,
                    isManager,
                  })}
                  selected={selected?.id === plan.id}
                  ending={planEnding(plan, currentPlan)}
                  locked={viewer.isBanned}
                  onSelect={choose}
                />
              ))}
              {side === 'pos' || isManager ? <EnterpriseCard /> : null}
            </div>
          </section>
          <div ref={paymentRef} className="pos-plans-page__payment">
            <PaymentForm plan={selected} currentPlan={currentPlan} />
          </div>
        </>
      )}
    </div>
  );
}
