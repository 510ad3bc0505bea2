import { Badge, Button, Icon, IconButton, Tooltip, cx } from '@pos/shared';
import {
  cloudOrderLines,
  formatUsd,
  freeOrdersText,
  ordersIncludedText,
  overLimitText,
  planBadge,
  planFeatures,
  planTone,
  type PlanCardAction,
} from '../../planRules';
import { billingTestIds } from '../../testIds';
import { CARD_LABELS, EXPIRES_SOON, PER_MONTH, TRIAL_TOOLTIP } from '../../texts';
import type { Plan } from '../../types';
import '../../styles/planTones.css';
import './PlanCard.css';

const ids = billingTestIds.plans;

export interface PlanCardProps {
  plan: Plan;
  action: PlanCardAction;
  /** The card is the one chosen on the page. */
  selected: boolean;
  /** 'Plan set to end on {date}' when the viewer's plan is set to end. */
  ending: string | null;
  /** The viewer cannot subscribe (a banned account): the button is disabled. */
  locked?: boolean;
  onSelect: (plan: Plan) => void;
}

/**
 * One plan (spec 4, 9): its badge, name, price a month in USD, the orders it includes and what
 * happens past them, its features and cloud order lines, the pending end of the viewer's plan
 * with the Trial tooltip, and the button ('Your Plan', 'Pending Free Plan', 'Downgrade to Free',
 * 'Selected', 'Select').
 */
export function PlanCard({
  plan,
  action,
  selected,
  ending,
  locked = false,
  onSelect,
}: PlanCardProps) {
  const badge = planBadge(plan);
  const orders = ordersIncludedText(plan);
  const freeOrders = freeOrdersText(plan);
  const features = planFeatures(plan);
  const cloudLines = cloudOrderLines(plan);
  const headingId = `plan-${plan.id}`;
  const current = action.label === CARD_LABELS.yourPlan;
  return (
    <article
      className={cx(
        'pos-plan-card',
        `pos-plan-tone--${planTone(plan)}`,
        selected && 'is-selected',
        current && 'is-current',
      )}
      aria-labelledby={headingId}
      data-testid={ids.card}
      data-plan={plan.name}
    >
      {(badge || ending) && (
        <div className="pos-plan-card__badges">
          {badge && <Badge tone="primary">{badge}</Badge>}
          {ending && (
            <Badge tone="warning" data-testid={ids.expiresSoon}>
              {EXPIRES_SOON}
            </Badge>
          )}
        </div>
      )}
      <h3 id={headingId} className="pos-plan-card__name">
        {plan.name}
      </h3>
      <p className="pos-plan-card__price" data-testid={ids.cardPrice}>
        <span className="pos-plan-card__amount">{formatUsd(plan.perMonth)}</span>
        <span className="pos-plan-card__per">{PER_MONTH}</span>
      </p>
      {ending && (
        <p className="pos-plan-card__ending" data-testid={ids.endsOn}>
          <span>{ending}</span>
          <Tooltip content={TRIAL_TOOLTIP}>
            <IconButton icon="info" aria-label="What happens then" size="sm" />
          </Tooltip>
        </p>
      )}
      <ul className="pos-plan-card__facts">
        {freeOrders && <li className="pos-plan-card__highlight">{freeOrders}</li>}
        {orders && <li>{orders}</li>}
        <li>{overLimitText(plan)}</li>
      </ul>
      {(features.length > 0 || cloudLines.length > 0) && (
        <ul className="pos-plan-card__features">
          {[...features, ...cloudLines].map((line) => (
            <li key={line}>
              <Icon name="check" size={16} className="pos-plan-card__check" />
              {line}
            </li>
          ))}
        </ul>
      )}
      <Button
        className="pos-plan-card__action"
        variant={selected || current ? 'primary' : 'secondary'}
        block
        disabled={action.disabled || locked}
        aria-pressed={selected}
        onClick={() => onSelect(plan)}
        data-testid={ids.cardAction}
      >
        {action.label}
      </Button>
    </article>
  );
}
