import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApplicationRow } from '../../db/types';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { memberEmail, SlugConflictError } from '../../repositories/stations';
import type { SlugBefore } from '../../repositories/stations';
import type { StoreCredentials, StoreStation } from '../../services/store-client';
import { StoreHttpError } from '../../services/store-client';
import { applicationNotFound, MANAGER, validation } from './common';
import type { StoreAccess } from './context';
import { membersFresh, syncMembersQuietly, syncNeverSynced } from './members';
import { sharedStationsSchema, stationsSchema, updateSlugSchema } from './schemas/stations';
import {
  cloudUrlOf,
  SLUG_MESSAGES,
  slugRequestOf,
  toStation,
  verifiedCredentials,
} from './station-view';
import { knownStoreFailureText, storeFailureText } from './view';

/** Text of the 409 for an application without working keys. */
export const NOT_AUTHORIZED_MESSAGE = 'The application is not authorized.';

/** 404 for a station id the store does not list. */
export const stationNotFound = () => new HttpError(404, 'Station not found', 'ERR_NOT_FOUND');

const conflict = (message: string, code: string) => new HttpError(409, message, code);

/**
 * The stations of an application (GET /applications/:id/stations), their cloud POS slugs
 * (PUT /applications/:id/stations/update-slug) and the stations other managers share with
 * the caller (GET /shared-stations).
 */
const stations: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  const load = async (userId: string, id: string): Promise<ApplicationRow> => {
    const row = await app.repos.applications.findForUser(userId, id);
    if (!row) throw applicationNotFound();
    return row;
  };

  const storeError = (error: unknown, row: ApplicationRow) =>
    new HttpError(502, storeFailureText(error, row.home_url), 'ERR_STORE');

  /** The keys of a verified application: 409 when not verified, 502 when unreadable. */
  const keysOf = (row: ApplicationRow): StoreCredentials => {
    let credentials: StoreCredentials | null;
    try {
      credentials = verifiedCredentials(row, access);
    } catch (error) {
      throw storeError(error, row);
    }
    if (!credentials) throw conflict(NOT_AUTHORIZED_MESSAGE, 'ERR_NOT_AUTHORIZED');
    return credentials;
  };

  app.get(
    '/applications/:id/stations',
    { config: MANAGER, schema: stationsSchema },
    async (request) => {
      const row = await load(currentUser(request).id, request.params.id);
      const credentials = keysOf(row);
      let list: StoreStation[];
      let wpUserId: number;
      try {
        const [connection, found] = await Promise.all([
          access.store.connection(row.home_url, credentials),
          access.store.stations(row.home_url, credentials),
          // The owner looks at the stations: a good moment to refresh who may be shared them,
          // unless that was done a moment ago.
          membersFresh(row)
            ? Promise.resolve(false)
            : syncMembersQuietly(app.repos, access, row, request.log, credentials),
        ]);
        list = found;
        wpUserId = connection.user.id;
      } catch (error) {
        throw storeError(error, row);
      }
      const slugs = await app.repos.stations.slugsOf(row.id);
      return {
        application: { id: row.id, name: row.name, homeUrl: row.home_url, slug: row.slug },
        list: list.map((station) => toStation(station, slugs, wpUserId)),
      };
    },
  );

  app.put(
    '/applications/:id/stations/update-slug',
    { config: MANAGER, schema: updateSlugSchema },
    async (request) => {
      const user = currentUser(request);
      const { stationId, stationSlug, oldStationSlug } = request.body;
      const kind = slugRequestOf(stationId, stationSlug);
      if (typeof kind === 'object') throw validation(kind.error);

      const row = await load(user.id, request.params.id);
      const credentials = keysOf(row);
      let station: StoreStation | undefined;
      try {
        const list = await access.store.stations(row.home_url, credentials);
        station = list.find((s) => String(s.posId) === stationId);
      } catch (error) {
        throw storeError(error, row);
      }
      if (!station) throw stationNotFound();

      let before: SlugBefore;
      try {
        before = await app.repos.stations.changeSlug({
          applicationId: row.id,
          posId: stationId,
          expected: oldStationSlug,
          next: stationSlug,
        });
      } catch (error) {
        if (!(error instanceof SlugConflictError)) throw error;
        switch (error.conflict) {
          case 'changed':
            throw conflict(SLUG_MESSAGES.changed, 'ERR_SLUG_CHANGED');
          case 'defaultLocked':
            throw validation(SLUG_MESSAGES.defaultLocked);
          case 'taken':
            throw kind === 'default'
              ? conflict(SLUG_MESSAGES.defaultTaken, 'ERR_DEFAULT_TAKEN')
              : conflict(SLUG_MESSAGES.duplicate, 'ERR_SLUG_TAKEN');
        }
      }
      if (before.unchanged) return { stationId, stationSlug };

      try {
        // Back to its own id, the station has no cloud slug of its own in the store's copy.
        await access.store.updateStation(row.home_url, credentials, station.posId, {
          cloudSlug: kind === 'reset' ? null : stationSlug,
          isDefault: kind === 'default',
        });
      } catch (error) {
        // The store keeps its copy as it was: so does the dashboard, unless changed since.
        try {
          await app.repos.stations.restoreSlug(row.id, stationId, before);
        } catch (restoreError) {
          // The caller must still learn what the store said; the row keeps the new slug.
          request.log.error(
            { applicationId: row.id, stationId, err: restoreError },
            'the previous POS URL could not be restored',
          );
        }
        if (error instanceof StoreHttpError && error.notFound) throw stationNotFound();
        throw storeError(error, row);
      }

      await app.repos.activities.create(user.id, {
        name: `POS URL of ${station.name} changed to ${cloudUrlOf(access, row.slug, stationSlug)}`,
        feedType: 'posUrlChanged',
        link: `/applications/${row.id}/stations`,
        linkName: 'View Stations',
      });
      return { stationId, stationSlug };
    },
  );

  app.get('/shared-stations', { schema: sharedStationsSchema }, async (request) => {
    const user = currentUser(request);
    await syncNeverSynced(app.repos, access, request.log);
    const memberships = await app.repos.stations.membershipsOf(user.id, memberEmail(user));
    const groups = await Promise.all(
      memberships.map(async ({ application: row, member, ownerName, ownerEmail }) => {
        try {
          const credentials = verifiedCredentials(row, access);
          if (!credentials) return null;
          const [list, slugs] = await Promise.all([
            access.store.stations(row.home_url, credentials),
            app.repos.stations.slugsOf(row.id),
          ]);
          return {
            application: { id: row.id, name: row.name, slug: row.slug },
            adminName: ownerName || ownerEmail || '',
            roles: member.roles,
            stations: list.map((station) => toStation(station, slugs, member.wpUserId)),
          };
        } catch (error) {
          // Whatever went wrong with one store, the others are still listed.
          request.log.warn(
            {
              applicationId: row.id,
              reason:
                knownStoreFailureText(error, row.home_url) ??
                (error instanceof Error ? error.message : String(error)),
            },
            'shared stations of a store left out',
          );
          return null;
        }
      }),
    );
    return { list: groups.filter((group) => group !== null) };
  });
};

export default stations;
