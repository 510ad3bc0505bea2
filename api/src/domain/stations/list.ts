import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow, UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { Member } from '../../repositories/members';
import type { StoreCredentials, StoreStation } from '../../services/store-client';
import { verifiedCredentials } from '../applications/credentials';
import { PluginMissingError, withPlugin } from '../applications/plugin';
import { failureReason } from '../applications/store-failure';
import { memberEmail, membersFresh, syncMembersQuietly, syncNeverSynced } from '../members/sync';
import type { StoreAccess } from '../store-access';
import type { OwnerHold } from './owner-hold';
import { ownerHolds } from './owner-hold';

/** The live stations of an application, the stored slugs, and whose access they are judged for. */
export interface StationsView {
  stations: StoreStation[];
  slugs: Map<string, string>;
  /** The store user whose access each station shows. */
  wpUserId: number;
}

/**
 * The owner's view of an application's stations, for the owner's connected store account, or
 * `pluginMissing` when the store lacks the Cloud POS plugin (recorded so). The owner looking
 * at the stations is a good moment to refresh who they may be shared with, unless that was
 * done a moment ago. Throws the store client's errors.
 */
export async function ownerStations(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  log: FastifyBaseLogger,
): Promise<StationsView | { pluginMissing: true }> {
  let connection;
  let stations;
  try {
    [[connection, stations]] = await Promise.all([
      withPlugin(repos, row, () =>
        Promise.all([
          access.store.connection(row.home_url, credentials),
          access.store.stations(row.home_url, credentials),
        ]),
      ),
      membersFresh(row)
        ? Promise.resolve(false)
        : syncMembersQuietly(repos, access, row, log, credentials),
    ]);
  } catch (error) {
    if (error instanceof PluginMissingError) return { pluginMissing: true };
    throw error;
  }
  const slugs = await repos.stationSlugs.slugsOf(row.id);
  return { stations, slugs, wpUserId: connection.user.id };
}

/** The stations of one application shared with a user, and who shares them. */
export interface SharedGroup extends StationsView {
  row: ApplicationRow;
  member: Member;
  /** The owner's name, else email, else ''. */
  adminName: string;
  /** Why none of these stations opens (the owner is banned or paused); null when they open. */
  unavailable: OwnerHold | null;
}

/** The stations shared with a user, and how many stores were left out for lack of the plugin. */
export interface SharedStations {
  groups: SharedGroup[];
  pluginMissingCount: number;
}

/**
 * The stations other managers share with `user`: those of every verified application whose
 * store lists the user's verified email (stores never copied are copied first, a few at a
 * time). A store without the Cloud POS plugin is left out and counted; one that fails in any
 * other way is left out and logged; the others are still listed. The stations of a banned or
 * paused owner are listed with the reason they do not open (`unavailable`).
 */
export async function sharedStations(
  repos: Repositories,
  access: StoreAccess,
  user: UserRow,
  log: FastifyBaseLogger,
): Promise<SharedStations> {
  await syncNeverSynced(repos, access, log);
  const memberships = await repos.members.membershipsOf(user.id, memberEmail(user));
  const holdOf = ownerHolds(repos);
  const groups = await Promise.all(
    memberships.map(async ({ application: row, member, ownerName, ownerEmail }) => {
      try {
        const credentials = verifiedCredentials(row, access);
        if (!credentials) return null;
        const [stations, slugs, unavailable] = await Promise.all([
          withPlugin(repos, row, () => access.store.stations(row.home_url, credentials)),
          repos.stationSlugs.slugsOf(row.id),
          holdOf(row.user_id),
        ]);
        const group: SharedGroup = {
          row,
          member,
          adminName: ownerName || ownerEmail || '',
          stations,
          slugs,
          wpUserId: member.wpUserId,
          unavailable,
        };
        return group;
      } catch (error) {
        if (error instanceof PluginMissingError) return 'plugin-missing' as const;
        log.warn(
          { applicationId: row.id, reason: failureReason(error, row.home_url) },
          'shared stations of a store left out',
        );
        return null;
      }
    }),
  );
  return {
    groups: groups.filter((group) => group !== null && group !== 'plugin-missing'),
    pluginMissingCount: groups.filter((group) => group === 'plugin-missing').length,
  };
}
