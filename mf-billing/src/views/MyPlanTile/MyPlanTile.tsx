import { Link } from 'react-router-dom';
import {
  Badge,
  Card,
  ErrorState,
  Icon,
  LoadingState,
  apiErrorMessage,
  useParcel,
} from '@pos/shared';
import { usePlanState } from '../../hooks/usePlanState';
import { formatUsd, ordersIncludedText, overLimitText, planTone } from '../../planRules';
import { billingTestIds } from '../../testIds';
import {
  CHOOSE_PLAN,
  EXPIRES_SOON,
  LOADING_PLAN,
  MY_PLAN,
  NO_PLAN,
  PER_MONTH,
  UNAVAILABLE_WHILE_PAUSED,
  VIEW_PLANS,
} from '../../texts';
import { SUBSCRIPTION_PLANS_PATH } from '../../urls';
import type { Plan } from '../../types';
import '../../styles/planTones.css';
import './MyPlanTile.css';

const ids = billingTestIds.tile;

/**
 * The dashboard's My Plan tile (spec 2.3): the viewer's plan, its price a month, the orders it
 * includes, 'Expires Soon' when it is set to end, and a link to /subscription-plans. A banned
 * account gets it greyed out, without the link, and asks the api nothing (it would answer 402).
 */
export function MyPlanTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <Card title={MY_PLAN} disabled className="pos-plan-tile" data-testid={ids.root}>
        <p className="pos-plan-tile__muted">{UNAVAILABLE_WHILE_PAUSED}</p>
        <span className="pos-plan-tile__link is-disabled">{VIEW_PLANS}</span>
      </Card>
    );
  }
  return <LiveMyPlanTile />;
}

function LiveMyPlanTile() {
  const { status, data, error, reload } = usePlanState();
  const plan = data?.plan ?? null;
  return (
    <Card title={MY_PLAN} className="pos-plan-tile" data-testid={ids.root}>
      {status === 'error' ? (
        <ErrorState message={apiErrorMessage(error)} onRetry={reload} />
      ) : data === null ? (
        <LoadingState message={LOADING_PLAN} />
      ) : plan ? (
        <PlanSummary plan={plan} />
      ) : (
        <p className="pos-plan-tile__muted">{NO_PLAN}</p>
      )}
      <Link to={SUBSCRIPTION_PLANS_PATH} className="pos-plan-tile__link" data-testid={ids.link}>
        {plan ? VIEW_PLANS : CHOOSE_PLAN}
        <Icon name="arrow-right" size={16} />
      </Link>
    </Card>
  );
}

function PlanSummary({ plan }: { plan: Plan }) {
  const orders = ordersIncludedText(plan);
  return (
    <div className={`pos-plan-tile__plan pos-plan-tone--${planTone(plan)}`}>
      <p className="pos-plan-tile__name-row">
        <span className="pos-plan-tile__name" data-testid={ids.name}>
          {plan.name}
        </span>
        {plan.cancelDate && (
          <Badge tone="warning" data-testid={ids.expiresSoon}>
            {EXPIRES_SOON}
          </Badge>
        )}
      </p>
      <p className="pos-plan-tile__price" data-testid={ids.price}>
        <span className="pos-plan-tile__amount">{formatUsd(plan.perMonth)}</span>
        <span className="pos-plan-tile__per">{PER_MONTH}</span>
      </p>
      <ul className="pos-plan-tile__facts">
        {orders && <li data-testid={ids.orders}>{orders}</li>}
        <li>{overLimitText(plan)}</li>
      </ul>
    </div>
  );
}
