import { formatUsdCents } from '../../planRules';
import { billingTestIds } from '../../testIds';
import { USAGE_LABELS } from '../../texts';
import type { Plan, PlanUsage } from '../../types';
import './PlanUsageSummary.css';

const ids = billingTestIds.usage;

const formatCount = (value: number) => value.toLocaleString('en-US');

/** Whether the plan bills excess orders, so that this period's excess is worth showing. */
export function billsExcess(plan: Plan | null, usage: PlanUsage | null): usage is PlanUsage {
  return Boolean(plan && usage && !plan.isFree && plan.perExcess > 0 && usage.period === 'month');
}

/**
 * This period's orders of a paid plan against its included ones, the excess orders so far and
 * what they cost to date (what the next invoice's excess line bills), for My Plan and its tile.
 */
export function PlanUsageSummary({
  usage,
  'data-testid': testId,
}: {
  usage: PlanUsage;
  'data-testid': string;
}) {
  const rows: Array<[string, string, string]> = [
    [USAGE_LABELS.orders, formatCount(usage.orders), ids.orders],
    [USAGE_LABELS.included, formatCount(usage.included), ids.included],
    [USAGE_LABELS.excess, formatCount(usage.excess), ids.excess],
    [USAGE_LABELS.excessAmount, formatUsdCents(usage.excessAmount), ids.excessAmount],
  ];
  return (
    <dl className="pos-plan-usage" data-testid={testId}>
      {rows.map(([label, value, id]) => (
        <div key={id} className="pos-plan-usage__row">
          <dt>{label}</dt>
          <dd data-testid={id}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
