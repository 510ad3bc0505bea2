import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow, UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { SigningKeys } from '../../services/signing-key';
import { signHandOffToken } from '../../services/signing-key';
import { assistantInPos } from '../assistant/in-pos';
import type { StoreStation } from '../../services/store-client';
import { mayOpen } from '../../services/store-client';
import { NOT_AUTHORIZED_MESSAGE, verifiedCredentials } from '../applications/credentials';
import { PluginMissingError, withPlugin } from '../applications/plugin';
import { knownStoreFailureText } from '../applications/store-failure';
import type { Reach } from '../members/reach';
import { reachOf } from '../members/reach';
import type { StoreAccess } from '../store-access';
import { STATION_OPENED_EVERY_MS, stationFeed } from './feed';
import { ownerHold } from './owner-hold';

/** The access error object of spec 3, as the access-denied page shows it. */
export interface AccessError {
  appId: string;
  wpHome: string;
  posId: string;
  text: string;
  name: string;
}

/** The denial text of a store without the Cloud POS plugin, which serves the stations. */
export const PLUGIN_MISSING_DENIAL =
  'The Cloud POS plugin is not active on this store, so its stations cannot be opened.';

/** The denial text when asking the store failed in an unforeseen way. */
export const UNKNOWN_STORE_FAILURE = 'The store could not be asked about this station.';

/** The denial texts that name no store (nothing of another user's store is revealed). */
export const DENIALS = {
  paused: {
    name: 'Service is Paused',
    text: 'This account is paused, so its stations cannot be opened.',
  },
  notFound: {
    name: 'Station not found',
    text: 'There is no station at this address, or it is not shared with you.',
  },
} as const;

const anonymous = (denial: { name: string; text: string }): AccessError => ({
  appId: '',
  wpHome: '',
  posId: '',
  ...denial,
});

/** An opening the checks allowed: the station and who opens it as which store user. */
export interface Opening {
  row: ApplicationRow;
  station: StoreStation;
  wpUserId: number;
  /** Whether the user opens it as a member of the store (not its owner). */
  asMember: boolean;
}

/** True when the decision lets the caller in. */
export function isOpening(decision: Opening | AccessError): decision is Opening {
  return 'station' in decision;
}

/** True when `url` is an http(s) page of the same origin as `homeUrl`. */
export function sameOrigin(url: string, homeUrl: string): boolean {
  try {
    const target = new URL(url);
    return (
      ['http:', 'https:'].includes(target.protocol) && target.origin === new URL(homeUrl).origin
    );
  } catch {
    return false;
  }
}

/**
 * Decides whether `user` may open the station at /{appSlug}/{stationSlug} (spec 3): not while
 * banned; only the owner or a member of the store; not while the owner is banned or their plan
 * is at its order limit (spec 4, see ownerHold); only a station the store lists, that lets
 * the store user in, and whose page is on the store's own site (the token goes there). A
 * refusal is the access error the dashboard shows; a store that fails is 'Store unavailable'.
 */
export async function decideOpening(
  repos: Repositories,
  access: StoreAccess,
  user: UserRow,
  address: { appSlug: string; stationSlug: string },
  log: FastifyBaseLogger,
): Promise<Opening | AccessError> {
  if (user.block === 'block') return anonymous(DENIALS.paused);
  const row = await repos.applications.findBySlug(address.appSlug);
  // The store's users were never copied (the owner connected it elsewhere): copy them now.
  const reach = row ? await reachOf(repos, row, user, { access, log }) : null;
  if (!row || !reach) return anonymous(DENIALS.notFound);
  const posId = await repos.stationSlugs.resolveSlug(row.id, address.stationSlug);
  if (posId === null) return anonymous(DENIALS.notFound);

  // A banned owner, or one whose plan is at its limit, holds every station of theirs, for
  // staff and shared users too.
  const hold = await ownerHold(repos, row.user_id);
  if (hold) return { appId: row.id, wpHome: row.home_url, posId, name: hold.name, text: hold.text };
  return decideStation(repos, access, row, reach, posId, log);
}

/**
 * The store's part of {@link decideOpening}, for a user who reaches application `row`: the
 * store lists station `posId`, lets the user's store account in, and gives it a page on the
 * store's own site. Quick launch pins only stations this allows.
 */
export async function decideStation(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  reach: Reach,
  posId: string,
  log: FastifyBaseLogger,
): Promise<Opening | AccessError> {
  const about = { appId: row.id, wpHome: row.home_url, posId };
  let stations: StoreStation[];
  let wpUserId: number;
  try {
    const credentials = verifiedCredentials(row, access);
    if (!credentials) return { ...about, name: 'Store unavailable', text: NOT_AUTHORIZED_MESSAGE };
    const [list, connection] = await withPlugin(repos, row, () =>
      Promise.all([
        access.store.stations(row.home_url, credentials),
        reach.member === null
          ? access.store.connection(row.home_url, credentials)
          : Promise.resolve(null),
      ]),
    );
    stations = list;
    wpUserId = connection ? connection.user.id : (reach.member?.wpUserId ?? 0);
  } catch (error) {
    if (error instanceof PluginMissingError) {
      return { ...about, name: 'Store unavailable', text: PLUGIN_MISSING_DENIAL };
    }
    const known = knownStoreFailureText(error, row.home_url);
    log.warn(
      {
        applicationId: row.id,
        reason: known ?? (error instanceof Error ? error.message : String(error)),
      },
      'cloud POS address: store unavailable',
    );
    return { ...about, name: 'Store unavailable', text: known ?? UNKNOWN_STORE_FAILURE };
  }
  const station = stations.find((s) => String(s.posId) === posId);
  if (!station) return anonymous(DENIALS.notFound);
  if (!mayOpen(station, wpUserId)) {
    return {
      ...about,
      name: 'Access denied',
      text: `You do not have access to the ${station.name} station of ${row.name}.`,
    };
  }
  // The token goes to the station's page: only a page on the store's own site may get it.
  if (!sameOrigin(station.url, row.home_url)) {
    return {
      ...about,
      name: 'Store unavailable',
      text: `The store gave the ${station.name} station an address outside its site.`,
    };
  }
  return { row, station, wpUserId, asMember: reach.member !== null };
}

/**
 * Opens an allowed station: a stationOpened entry in the owner's feed (at most one a minute
 * per user, station and application), the last access (a member's on their member row of this
 * application, the Staff page's Last Access; the owner's on their account), and the one-minute
 * hand-off token for the station's page, carrying the owner's Assistant progress when the owner
 * shows the Assistant in POS.
 */
export async function openStation(
  repos: Repositories,
  signingKeys: SigningKeys,
  user: UserRow,
  { row, station, wpUserId, asMember }: Opening,
): Promise<string> {
  // Prefetches and reloads open a station again and again: one entry a minute is enough.
  await repos.activities.createUnlessRecent(
    row.user_id,
    stationFeed.stationOpened(row, station, user),
    STATION_OPENED_EVERY_MS,
  );
  // The Staff page's Last Access is per application: a member's use of this store only, so a
  // manager learns nothing of their use of other stores. The owner is not a member.
  if (asMember) await repos.members.touchLastAccess(row.id, wpUserId);
  else await repos.users.touchLastAccess(user.id);
  return signHandOffToken(await signingKeys.signing(), {
    audience: row.home_url,
    userId: user.id,
    // The store refuses a token whose name or email is not a string.
    email: user.email ?? '',
    name: user.full_name || user.email || 'Cloud POS user',
    posId: String(station.posId),
    wpUserId,
    assistant: await assistantInPos(repos, row.user_id),
  });
}
