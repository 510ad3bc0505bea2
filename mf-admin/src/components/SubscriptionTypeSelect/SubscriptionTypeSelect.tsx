import { Select } from '@pos/shared';
import { SUBSCRIPTION_TYPE_LABELS } from '../../format';
import { SUBSCRIPTION_TYPES, type SubscriptionType } from '../../types';

export interface SubscriptionTypeSelectProps {
  value: SubscriptionType;
  userName: string;
  disabled?: boolean;
  onChange: (type: SubscriptionType) => void;
  'data-testid'?: string;
}

const OPTIONS = SUBSCRIPTION_TYPES.map((type) => ({
  value: type,
  label: SUBSCRIPTION_TYPE_LABELS[type],
}));

const isSubscriptionType = (value: string): value is SubscriptionType =>
  (SUBSCRIPTION_TYPES as readonly string[]).includes(value);

/** The subscription type of one user (cloud, self, one), changed in place. */
export function SubscriptionTypeSelect({
  value,
  userName,
  disabled = false,
  onChange,
  ...rest
}: SubscriptionTypeSelectProps) {
  return (
    <Select
      label={`Subscription type of ${userName}`}
      hideLabel
      compact
      options={OPTIONS}
      value={value}
      disabled={disabled}
      className="pos-admin-type-select"
      data-testid={rest['data-testid']}
      onChange={(event) => {
        if (isSubscriptionType(event.target.value)) onChange(event.target.value);
      }}
    />
  );
}
