import { EmptyState } from '@pos/shared';
import { UNAVAILABLE_WHILE_PAUSED } from '../../texts';

/**
 * The body of /staff and /staff/create for a banned account: the api answers the staff routes
 * with 402, so a request or a retry could never succeed; the same words as the greyed-out tile
 * instead, and no request.
 */
export function StaffPaused({ 'data-testid': testId }: { 'data-testid'?: string }) {
  return <EmptyState icon="staff" title={UNAVAILABLE_WHILE_PAUSED} data-testid={testId} />;
}
