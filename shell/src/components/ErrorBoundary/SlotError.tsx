import { Button, ErrorState, Icon } from '@pos/shared';
import { testIds } from '../../testIds';
import './SlotError.css';

export interface SlotErrorProps {
  title: string;
  onRetry: () => void;
  /** One short line and a small 'Try again', for a slot in the side navigation. */
  compact?: boolean;
}

/** What a slot shows when its remote cannot be loaded or mounted, with a 'Try again'. */
export function SlotError({ title, onRetry, compact = false }: SlotErrorProps) {
  if (compact) {
    return (
      <div
        className="shell-slot-error shell-slot-error--compact"
        role="alert"
        data-testid={testIds.remoteSlot.error}
      >
        <Icon name="warning" size={16} />
        <p className="shell-slot-error__text">{`${title} is unavailable right now.`}</p>
        <Button
          variant="ghost"
          size="sm"
          icon="refresh"
          onClick={onRetry}
          className="shell-slot-error__retry"
          data-testid={testIds.remoteSlot.retry}
        >
          Try again
        </Button>
      </div>
    );
  }
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
