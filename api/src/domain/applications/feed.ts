import type { ApplicationRow } from '../../db/types';
import type { NewActivity } from '../../repositories/activities';

type Named = Pick<ApplicationRow, 'id' | 'name'>;

const detailLink = (row: Pick<ApplicationRow, 'id'>) => ({ link: `/applications/${row.id}` });

/** The feed entries of an application's life (spec 2.10), one text for every caller. */
export const applicationFeed = {
  /** A new application (create, find-or-create); proves the Assistant's task. */
  added: (row: Named): NewActivity => ({
    name: `Application ${row.name} was added`,
    feedType: 'applicationAdded',
    ...detailLink(row),
    linkName: row.name,
    proves: { task: 'create-application', applicationId: row.id },
  }),
  /** A new name; `row` holds the old one. */
  renamed: (row: Named, name: string): NewActivity => ({
    name: `Application ${row.name} was renamed to ${name}`,
    feedType: 'applicationUpdated',
    ...detailLink(row),
    linkName: name,
  }),
  /** A new store URL. */
  moved: (row: Named, homeUrl: string): NewActivity => ({
    name: `The URL of application ${row.name} was changed to ${homeUrl}`,
    feedType: 'applicationUpdated',
    ...detailLink(row),
    linkName: row.name,
  }),
  /** Keys accepted by the store (wc-auth or Connect with Keys); proves the Assistant's task. */
  authorized: (row: Named): NewActivity => ({
    name: `${row.name} was authorized`,
    feedType: 'applicationAuthorized',
    ...detailLink(row),
    linkName: row.name,
    proves: { task: 'authorize-application', applicationId: row.id },
  }),
  /** Keys forgotten; the text is also the answer's message. */
  disconnected: (row: Named): NewActivity => ({
    name: disconnectedMessage(row),
    feedType: 'applicationDisconnected',
    ...detailLink(row),
    linkName: row.name,
  }),
  /** An invitation the store sent to one of its users. */
  invitationSent: (row: Named, invitee: string): NewActivity => ({
    name: `Invitation sent to ${invitee} for ${row.name}`,
    feedType: 'applicationShared',
    ...detailLink(row),
    linkName: row.name,
  }),
};

/** What the dashboard is told when an application is disconnected. */
export function disconnectedMessage(row: Pick<ApplicationRow, 'name'>): string {
  return `${row.name} application has been disconnected and is no longer authorized.`;
}
