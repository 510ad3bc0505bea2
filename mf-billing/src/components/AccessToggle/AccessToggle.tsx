import { cx } from '@pos/shared';
import type { PlanAccess } from '../../planRules';
import { billingTestIds } from '../../testIds';
import { POS_PLANS, SHARED_ACCESS } from '../../texts';
import './AccessToggle.css';

export interface AccessToggleProps {
  value: PlanAccess;
  onChange: (access: PlanAccess) => void;
}

const sides: Array<{ value: PlanAccess; label: string }> = [
  { value: 'pos', label: POS_PLANS },
  { value: 'shared', label: SHARED_ACCESS },
];

/** The non-managers' choice of spec 2.7: 'POS Plans' or 'Shared Access', one pressed at a time. */
export function AccessToggle({ value, onChange }: AccessToggleProps) {
  return (
    <div
      className="pos-access-toggle"
      role="group"
      aria-label="Plan type"
      data-testid={billingTestIds.plans.accessToggle}
    >
      {sides.map((side) => (
        <button
          key={side.value}
          type="button"
          className={cx('pos-access-toggle__option', value === side.value && 'is-active')}
          aria-pressed={value === side.value}
          onClick={() => onChange(side.value)}
        >
          {side.label}
        </button>
      ))}
    </div>
  );
}
