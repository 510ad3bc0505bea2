import { Button } from '@pos/shared';
import type { BlockStatus } from '../../types';

export interface BlockToggleProps {
  status: BlockStatus;
  /** Who the button acts on, for its hint. */
  userName: string;
  pending?: boolean;
  onToggle: () => void;
  'data-testid'?: string;
}

/**
 * Spec 4: the button shows the user's status, Blocked or Active, and toggles it. The label
 * already tells the status, so the button is not also a pressed toggle (a screen reader would
 * say the status twice); its title tells what a press does.
 */
export function BlockToggle({
  status,
  userName,
  pending = false,
  onToggle,
  ...rest
}: BlockToggleProps) {
  const blocked = status === 'block';
  return (
    <Button
      size="sm"
      variant={blocked ? 'danger' : 'secondary'}
      icon={blocked ? 'danger' : 'check'}
      title={blocked ? `Unblock ${userName}` : `Block ${userName}`}
      loading={pending}
      onClick={onToggle}
      className="pos-admin-block-toggle"
      data-testid={rest['data-testid']}
    >
      {blocked ? 'Blocked' : 'Active'}
    </Button>
  );
}
