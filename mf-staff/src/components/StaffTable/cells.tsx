import { Badge } from '@pos/shared';
import { InviteButton, type InviteOutcome } from '@pos/shared/store-kit';
import { formatLastAccess } from '../../lastAccess';
import { staffTestIds } from '../../testIds';
import { ACTIVE, NEVER, NEVER_LABEL } from '../../texts';
import type { StaffUser } from '../../types';

const ids = staffTestIds.list;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** Who: initials, the name and the WordPress login under it. */
export function UserCell({ user }: { user: StaffUser }) {
  return (
    <span className="pos-staff-table__user">
      <span className="pos-staff-table__avatar" aria-hidden="true">
        {initialsOf(user.name) || '?'}
      </span>
      <span className="pos-staff-table__who">
        <span className="pos-staff-table__name">{user.name}</span>
        <span className="pos-staff-table__username">{user.username}</span>
      </span>
    </span>
  );
}

/**
 * Spec 4: POS users are Active; wp users show their invitation status with its (re)send button.
 * The store administrator who connected the application is not invited from here (the api
 * refuses it).
 */
export function StatusCell({
  user,
  onInvite,
}: {
  user: StaffUser;
  onInvite: (user: StaffUser) => Promise<InviteOutcome>;
}) {
  return (
    <span className="pos-staff-table__status" data-testid={ids.status(user.wpUserId)}>
      {user.kind === 'pos' ? (
        <Badge tone="success" icon="check">
          {ACTIVE}
        </Badge>
      ) : user.isConnectionOwner ? (
        <span className="pos-staff-table__muted">{NEVER}</span>
      ) : (
        // A new count from the server starts the button again from that count.
        <InviteButton
          key={user.invitationCount}
          invitationCount={user.invitationCount}
          onInvite={() => onInvite(user)}
          data-testid={ids.inviteButton(user.wpUserId)}
          statusTestId={ids.inviteStatus(user.wpUserId)}
        />
      )}
    </span>
  );
}

/** Spec 2.6: YYYY/MM/DD HH:mm in the viewer's time zone, or '—' (read 'Never'). */
export function LastAccessCell({ user }: { user: StaffUser }) {
  return user.lastAccess ? (
    <time dateTime={user.lastAccess} data-testid={ids.lastAccess(user.wpUserId)}>
      {formatLastAccess(user.lastAccess)}
    </time>
  ) : (
    <span
      className="pos-staff-table__muted"
      aria-label={NEVER_LABEL}
      data-testid={ids.lastAccess(user.wpUserId)}
    >
      {NEVER}
    </span>
  );
}
