import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { SlugBefore } from '../../repositories/station-slugs';
import { SlugConflictError } from '../../repositories/station-slugs';
import type { StoreCredentials, StoreStation } from '../../services/store-client';
import { StoreHttpError } from '../../services/store-client';
import { withPlugin } from '../applications/plugin';
import type { StoreAccess } from '../store-access';
import { stationFeed } from './feed';
import type { SlugRequest } from './slugs';
import { cloudUrlOf, SLUG_MESSAGES } from './slugs';

/** Why a slug change was refused; the routes give each its status. */
export type SlugRefusal =
  /** The store does not list the station (also when it lost it before being told). */
  | 'stationNotFound'
  /** The stored slug is not the one the caller saw. */
  | 'changed'
  /** The default station keeps its slug until Default is turned off. */
  | 'defaultLocked'
  /** Another station is the default already. */
  | 'defaultTaken'
  /** Another station holds the custom slug. */
  | 'taken';

/** A refused slug change, with the text the dashboard shows. */
export class SlugChangeError extends Error {
  override readonly name = 'SlugChangeError';
  constructor(
    readonly refusal: SlugRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The text of a station the store does not list. */
export const STATION_NOT_FOUND_MESSAGE = 'Station not found';

/** One requested slug change of a station of a verified application. */
export interface StationSlugChange {
  row: ApplicationRow;
  credentials: StoreCredentials;
  stationId: string;
  stationSlug: string;
  oldStationSlug: string;
  /** What the slug means (see slugRequestOf); the caller has refused broken slugs already. */
  kind: SlugRequest;
  /** Who changes it: the posUrlChanged entry goes to their feed. */
  userId: string;
}

function refusalOf(error: SlugConflictError, kind: SlugRequest): SlugChangeError {
  switch (error.conflict) {
    case 'changed':
      return new SlugChangeError('changed', SLUG_MESSAGES.changed);
    case 'defaultLocked':
      return new SlugChangeError('defaultLocked', SLUG_MESSAGES.defaultLocked);
    case 'taken':
      return kind === 'default'
        ? new SlugChangeError('defaultTaken', SLUG_MESSAGES.defaultTaken)
        : new SlugChangeError('taken', SLUG_MESSAGES.duplicate);
  }
}

/**
 * Changes a station's cloud POS slug (spec 5): the station must be listed live by the store;
 * the stored slug is compared with `oldStationSlug` and changed in one transaction; then the
 * store is told. When the store fails, the stored slug is put back (unless changed again
 * since) and the store's error is rethrown. A posUrlChanged feed entry follows a change.
 * Throws {@link SlugChangeError} for a refusal, PluginMissingError for a store without the
 * Cloud POS plugin, the store client's errors for a failing store.
 */
export async function changeStationSlug(
  repos: Repositories,
  access: StoreAccess,
  change: StationSlugChange,
  log: FastifyBaseLogger,
): Promise<void> {
  const { row, credentials, stationId, stationSlug, kind } = change;
  const list = await withPlugin(repos, row, () => access.store.stations(row.home_url, credentials));
  const station: StoreStation | undefined = list.find((s) => String(s.posId) === stationId);
  if (!station) throw new SlugChangeError('stationNotFound', STATION_NOT_FOUND_MESSAGE);

  let before: SlugBefore;
  try {
    before = await repos.stationSlugs.changeSlug({
      applicationId: row.id,
      posId: stationId,
      expected: change.oldStationSlug,
      next: stationSlug,
    });
  } catch (error) {
    if (error instanceof SlugConflictError) throw refusalOf(error, kind);
    throw error;
  }
  if (before.unchanged) return;

  try {
    // Back to its own id, the station has no cloud slug of its own in the store's copy.
    await access.store.updateStation(row.home_url, credentials, station.posId, {
      cloudSlug: kind === 'reset' ? null : stationSlug,
      isDefault: kind === 'default',
    });
  } catch (error) {
    // The store keeps its copy as it was: so does the dashboard, unless changed since.
    try {
      await repos.stationSlugs.restoreSlug(row.id, stationId, before);
    } catch (restoreError) {
      // The caller must still learn what the store said; the row keeps the new slug.
      log.error(
        { applicationId: row.id, stationId, err: restoreError },
        'the previous POS URL could not be restored',
      );
    }
    if (error instanceof StoreHttpError && error.notFound) {
      throw new SlugChangeError('stationNotFound', STATION_NOT_FOUND_MESSAGE);
    }
    throw error;
  }

  await repos.activities.create(
    change.userId,
    stationFeed.posUrlChanged(row, station, cloudUrlOf(access, row.slug, stationSlug), {
      madeDefault: kind === 'default',
    }),
  );
}
