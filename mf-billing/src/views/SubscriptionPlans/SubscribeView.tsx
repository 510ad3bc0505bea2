import { useState } from 'react';
import { useNavigate } from '@pos/shared/router';
import { Button, ConfirmDialog, IconButton, useMounted, useParcel } from '@pos/shared';
import { fetchPlanState, subscribe } from '../../api';
import { NewCardForm } from '../../components/NewCardForm';
import { PromoCode } from '../../components/PromoCode';
import { brandName } from '../../components/SavedCardItem';
import { StripeCardProvider } from '../../components/StripeCardProvider';
import { usePromo } from '../../hooks/usePromo';
import { billingRefusalReason } from '../../paymentErrors';
import {
  becomesManager,
  discountText,
  discountedTotal,
  formatUsd,
  isSubscribeSuccess,
  recurringDiscountText,
  subscribeLabel,
} from '../../planRules';
import { billingTestIds } from '../../testIds';
import {
  BECOME_MANAGER_CONFIRM,
  BECOME_MANAGER_TITLE,
  BECOME_MANAGER_WARNING,
  NO_CARD_FOR_PAID_PLAN,
  PAYMENT_METHODS,
  PER_MONTH,
  PLAN_UPDATED,
  SELECT_A_PLAN,
  SUBSCRIBE_FAILED,
  SUBSCRIBE_LABELS,
  TOTAL_DUE_NOW,
} from '../../texts';
import type { Card, Plan } from '../../types';
import { DASHBOARD_PATH } from '../../urls';

const ids = billingTestIds.payment;

export interface SubscribeViewProps {
  /** The plan chosen on the page. */
  plan: Plan | null;
  currentPlan: Plan | null;
  cards: Card[] | null;
  onAttach: (paymentMethodId: string) => Promise<string | undefined>;
  onShowMethods: () => void;
}

/**
 * The subscribe view of the payment form: the chosen plan, its promo code and 'Total due now',
 * the card it is paid with (or the add form when there is none), and the subscribe button
 * (spec 4). Success refreshes the plan on the bus and goes to the dashboard; a non-manager is
 * warned before a manager plan makes them a manager (spec 5); a banned account cannot subscribe.
 */
export function SubscribeView({
  plan,
  currentPlan,
  cards,
  onAttach,
  onShowMethods,
}: SubscribeViewProps) {
  const { api, bus, viewer } = useParcel();
  const navigate = useNavigate();
  const mounted = useMounted();
  const { promo, apply, remove } = usePromo(plan);
  const [warning, setWarning] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  // A failed subscribe: the spec's text, with the refusal's own reason beside it when it has one.
  const [error, setError] = useState<{ reason: string | null } | null>(null);
  const isManager = viewer.userRole === 'manager';

  if (!plan) {
    // Nothing chosen yet (a viewer without a plan): the button waits for a plan card.
    return (
      <div className="pos-subscribe">
        <p className="pos-payment__muted">{SELECT_A_PLAN}</p>
        <div className="pos-subscribe__actions">
          <Button size="lg" disabled data-testid={ids.subscribe}>
            {currentPlan ? SUBSCRIBE_LABELS.subscribeToPlan : SUBSCRIBE_LABELS.subscribe}
          </Button>
          <Button variant="ghost" onClick={onShowMethods} data-testid={ids.toMethods}>
            {PAYMENT_METHODS}
          </Button>
        </div>
      </div>
    );
  }

  const defaultCard = cards?.find((card) => card.isDefaultPM) ?? cards?.[0] ?? null;
  const needsCard = !plan.isFree && cards !== null && cards.length === 0;
  const total = discountedTotal(plan.perMonth, promo);
  const recurring = recurringDiscountText(promo);

  const run = async () => {
    setWarning(false);
    setSubscribing(true);
    setError(null);
    try {
      const answer = await subscribe(api, plan.id, promo?.promoCodeId ?? null);
      if (!isSubscribeSuccess(answer.subStatus)) {
        if (mounted()) setError({ reason: null });
        return;
      }
      bus.emit('plan-changed');
      bus.emit('notify', { message: PLAN_UPDATED, status: 'success' });
      if (!currentPlan) {
        // The shell's no-plan guard sends a viewer without a plan back here until its own
        // re-read of the plan (asked first, by plan-changed above) has answered; ours answers
        // after it, so the dashboard is reached instead of bouncing back.
        await fetchPlanState(api).catch(() => undefined);
      }
      navigate(DASHBOARD_PATH);
    } catch (failure) {
      if (mounted()) setError({ reason: billingRefusalReason(failure) });
    } finally {
      if (mounted()) setSubscribing(false);
    }
  };

  const onSubscribe = () => {
    if (becomesManager(plan, isManager)) setWarning(true);
    else void run();
  };

  return (
    <div className="pos-subscribe">
      <dl className="pos-subscribe__summary">
        <div>
          <dt>Plan</dt>
          <dd>{plan.name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{`${formatUsd(plan.perMonth)}${PER_MONTH}`}</dd>
        </div>
        {promo && (
          <div data-testid={ids.promoApplied}>
            <dt>{promo.code}</dt>
            <dd className="pos-subscribe__discount">
              {discountText(promo)}
              <IconButton
                icon="close"
                size="sm"
                aria-label={`Remove ${promo.code}`}
                onClick={remove}
              />
            </dd>
          </div>
        )}
        <div className="pos-subscribe__total">
          <dt>{TOTAL_DUE_NOW}</dt>
          <dd data-testid={ids.total}>{formatUsd(total)}</dd>
        </div>
      </dl>
      {recurring && (
        <p className="pos-payment__muted" data-testid={ids.recurring}>
          {recurring}
        </p>
      )}
      {!plan.isFree && !promo && (
        <PromoCode key={plan.id} onApply={apply} disabled={viewer.isBanned} />
      )}
      {!plan.isFree && defaultCard && (
        <p className="pos-subscribe__card">
          {`Paid with ${brandName(defaultCard.brand)} •••• ${defaultCard.last4}`}
        </p>
      )}
      {needsCard && !viewer.isBanned && (
        <div className="pos-subscribe__new-card">
          <p className="pos-payment__muted">{NO_CARD_FOR_PAID_PLAN}</p>
          <StripeCardProvider>
            <NewCardForm onCreated={onAttach} />
          </StripeCardProvider>
        </div>
      )}
      {error && (
        <p className="pos-payment__error" role="alert" data-testid={ids.subscribeError}>
          {SUBSCRIBE_FAILED}
          {error.reason && (
            <>
              {' '}
              <span className="pos-payment__error-reason" data-testid={ids.subscribeReason}>
                {error.reason}
              </span>
            </>
          )}
        </p>
      )}
      <div className="pos-subscribe__actions">
        <Button
          size="lg"
          variant={subscribeLabel(currentPlan, plan, isManager) === 'Cancel' ? 'danger' : 'primary'}
          loading={subscribing}
          disabled={viewer.isBanned || needsCard || (cards === null && !plan.isFree)}
          onClick={onSubscribe}
          data-testid={ids.subscribe}
        >
          {subscribeLabel(currentPlan, plan, isManager)}
        </Button>
        <Button variant="ghost" onClick={onShowMethods} data-testid={ids.toMethods}>
          {PAYMENT_METHODS}
        </Button>
      </div>
      <ConfirmDialog
        open={warning}
        title={BECOME_MANAGER_TITLE}
        message={BECOME_MANAGER_WARNING}
        confirmLabel={BECOME_MANAGER_CONFIRM}
        onConfirm={() => void run()}
        onCancel={() => setWarning(false)}
      />
    </div>
  );
}
