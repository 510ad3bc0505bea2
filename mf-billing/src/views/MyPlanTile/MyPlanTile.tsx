import {
  Badge,
  StatTile,
  apiErrorMessage,
  useParcel,
  type StatTileLink,
  type StatTileState,
} from '@pos/shared';
import { PlanUsageSummary, billsExcess } from '../../components/PlanUsageSummary';
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

const plansLink = (label: string): StatTileLink => ({
  to: SUBSCRIPTION_PLANS_PATH,
  label,
  'data-testid': ids.link,
});

/**
 * The dashboard's My Plan tile (spec 2.3), on the kit's StatTile: the viewer's plan's price a
 * month as the number, then its name, 'Expires Soon' when it is set to end and the orders it
 * includes, this period's orders and excess on a paid plan, and a link to /subscription-plans. A banned account gets it greyed out, without the
 * link, and asks the api nothing (it would answer 402).
 */
export function MyPlanTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <StatTile
        title={MY_PLAN}
        className="pos-plan-tile"
        state={{ status: 'unavailable', message: UNAVAILABLE_WHILE_PAUSED }}
        loadingMessage={LOADING_PLAN}
        label={PER_MONTH}
        link={plansLink(VIEW_PLANS)}
        disabled
        data-testid={ids.root}
      />
    );
  }
  return <LiveMyPlanTile />;
}

function LiveMyPlanTile() {
  const { status, data, error, reload } = usePlanState();
  const plan = data?.plan ?? null;
  const usage = data?.usage ?? null;
  const state: StatTileState =
    status === 'error'
      ? { status: 'error', message: apiErrorMessage(error), onRetry: reload }
      : data === null
        ? { status: 'loading' }
        : plan
          ? { status: 'success', value: plan.perMonth }
          : { status: 'unavailable', message: NO_PLAN };
  return (
    <StatTile
      title={MY_PLAN}
      className="pos-plan-tile"
      state={state}
      loadingMessage={LOADING_PLAN}
      formatValue={formatUsd}
      label={PER_MONTH}
      link={plansLink(plan ? VIEW_PLANS : CHOOSE_PLAN)}
      data-testid={ids.root}
      totalTestId={ids.price}
    >
      {plan && <PlanSummary plan={plan} />}
      {billsExcess(plan, usage) && <PlanUsageSummary usage={usage} data-testid={ids.usage} />}
    </StatTile>
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
      <ul className="pos-plan-tile__facts">
        {orders && <li data-testid={ids.orders}>{orders}</li>}
        <li>{overLimitText(plan)}</li>
      </ul>
    </div>
  );
}
