import type { StaffRole } from '@pos/shared/rules';
import { STAFF_ROLE_LABELS } from '@pos/shared/rules';
import type { ApplicationRow } from '../../db/types';
import type { NewActivity } from '../../repositories/activities';

type Named = Pick<ApplicationRow, 'name'>;

/** Where the staff entries lead: the Staff page. */
const staffLink = (row: Named) => ({ link: '/staff', linkName: row.name });

/**
 * The feed entries of staff changes (issue 13), in the feed types spec 3 already has. The
 * invitations keep the entry every invitation writes (`Invitation sent to …`).
 */
export const staffFeed = {
  /** The store created a staff user from the dashboard; proves the Assistant's task for it. */
  created: (
    row: Pick<ApplicationRow, 'id' | 'name'>,
    name: string,
    role: StaffRole,
  ): NewActivity => ({
    name: `Staff user ${name} was created in ${row.name} as ${STAFF_ROLE_LABELS[role]}`,
    feedType: 'applicationShared',
    ...staffLink(row),
    proves: { task: 'create-staff-user', applicationId: row.id },
  }),
  /** A staff user was given another POS role. */
  roleChanged: (row: Named, name: string, role: StaffRole): NewActivity => ({
    name: `${name} is now ${STAFF_ROLE_LABELS[role]} in ${row.name}`,
    feedType: 'applicationUpdated',
    ...staffLink(row),
  }),
  /** A staff user's POS access was removed; the text is also the answer's message. */
  removed: (row: Named, name: string): NewActivity => ({
    name: removedMessage(row, name),
    feedType: 'applicationUpdated',
    ...staffLink(row),
  }),
};

/** What the dashboard is told when a staff user's POS access is removed. */
export function removedMessage(row: Named, name: string): string {
  return `${name} no longer has POS access to ${row.name}`;
}
