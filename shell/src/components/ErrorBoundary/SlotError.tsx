import { ErrorState } from '@pos/shared';
import { testIds } from '../../testIds';

export interface SlotErrorProps {
  title: string;
  onRetry: () => void;
}

/** What a slot shows when its remote cannot be loaded or mounted. */
export function SlotError({ title, onRetry }: SlotErrorProps) {
  return (
    <ErrorState
      className="shell-slot-error"
      data-testid={testIds.remoteSlot.error}
      title={`${title} is unavailable right now.`}
      message="This part of the dashboard could not be loaded. Everything else keeps working."
      onRetry={onRetry}
    />
  );
}
