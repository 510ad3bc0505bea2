import type { Application } from '../../api/wire';
import { Badge, type BadgeTone } from '../Badge';
import type { IconName } from '../Icon';

/** The one status of an application, as the api derives it (issue 10: no screen derives its own). */
export type ApplicationStatus = Application['status'];

const LOOKS: Record<ApplicationStatus['code'], { tone: BadgeTone; icon?: IconName }> = {
  authorized: { tone: 'success', icon: 'check' },
  authorizing: { tone: 'info', icon: 'refresh' },
  unverified: { tone: 'danger', icon: 'warning' },
  'not-authorized': { tone: 'neutral' },
};

export interface StatusBadgeProps {
  status: ApplicationStatus;
  'data-testid'?: string;
}

/**
 * An application's status in one badge: the api's label, the tone its code calls for, and the
 * reason (why it is unverified) as the badge's title. Every screen that shows an application's
 * status shows it through this badge, so the list, the tile, the detail and the stations pages
 * can never disagree.
 */
export function StatusBadge({ status, 'data-testid': testId }: StatusBadgeProps) {
  // A code this build does not know yet still shows the api's own label, plainly.
  const look = LOOKS[status.code] ?? LOOKS['not-authorized'];
  return (
    <Badge
      tone={look.tone}
      icon={look.icon}
      title={status.reason ?? undefined}
      data-status={status.code}
      data-testid={testId}
    >
      {status.label}
    </Badge>
  );
}
