import { Badge } from '@pos/shared';
import type { Application } from '../../types';

/**
 * Whether an application is authorized, in one badge. An application whose live store check
 * failed is shown as unverified (spec 8), whatever it stored.
 */
export function StatusBadge({
  application,
  'data-testid': testId,
}: {
  application: Application;
  'data-testid'?: string;
}) {
  if (application.error) {
    return (
      <Badge tone="danger" icon="warning" title={application.error.message} data-testid={testId}>
        Unverified
      </Badge>
    );
  }
  if (application.isVerifiedAuth) {
    return (
      <Badge tone="success" icon="check" data-testid={testId}>
        Authorized
      </Badge>
    );
  }
  return (
    <Badge tone="neutral" data-testid={testId}>
      Not authorized
    </Badge>
  );
}
