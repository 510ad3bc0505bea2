import { Button, ErrorState } from '@pos/shared';
import { testIds } from '../../testIds';
import './SlotError.css';

export interface SlotErrorProps {
  title: string;
  onRetry: () => void;
}

/** What a slot shows when its remote cannot be loaded or mounted, with a 'Try again'. */
export function SlotError({ title, onRetry }: SlotErrorProps) {
  return (
    <div className="shell-slot-error" data-testid={testIds.remoteSlot.error}>
      <ErrorState
        title={`${title} is unavailable right now.`}
        message="This part of the dashboard could not be loaded. Everything else keeps working."
      />
      <div className="shell-slot-error__action">
        <Button
          variant="secondary"
          icon="refresh"
          onClick={onRetry}
          data-testid={testIds.remoteSlot.retry}
        >
          Try again
        </Button>
      </div>
    </div>
  );
}
