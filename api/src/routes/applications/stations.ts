import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApplicationRow } from '../../db/types';
import { NOT_AUTHORIZED_MESSAGE, verifiedCredentials } from '../../domain/applications/credentials';
import type { SlugRefusal } from '../../domain/stations/change-slug';
import { changeStationSlug, SlugChangeError } from '../../domain/stations/change-slug';
import { ownerStations, sharedStations } from '../../domain/stations/list';
import { slugRequestOf } from '../../domain/stations/slugs';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { StoreCredentials } from '../../services/store-client';
import { loadOwned, MANAGER, storeError, validation } from './common';
import { sharedStationsSchema, stationsSchema, updateSlugSchema } from './schemas/stations';
import { toStation } from './station-view';

/** Status and code of each refused slug change. */
const SLUG_REFUSALS: Record<SlugRefusal, { status: number; code: string }> = {
  stationNotFound: { status: 404, code: 'ERR_NOT_FOUND' },
  changed: { status: 409, code: 'ERR_SLUG_CHANGED' },
  defaultLocked: { status: 400, code: 'ERR_VALIDATION' },
  defaultTaken: { status: 409, code: 'ERR_DEFAULT_TAKEN' },
  taken: { status: 409, code: 'ERR_SLUG_TAKEN' },
};

/**
 * The stations of an application (GET /applications/:id/stations), their cloud POS slugs
 * (PUT /applications/:id/stations/update-slug) and the stations other managers share with
 * the caller (GET /shared-stations).
 */
const stations: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  /** The keys of a verified application: 409 when not verified, 502 when unreadable. */
  const keysOf = (row: ApplicationRow): StoreCredentials => {
    let credentials: StoreCredentials | null;
    try {
      credentials = verifiedCredentials(row, access);
    } catch (error) {
      throw storeError(error, row);
    }
    if (!credentials) throw new HttpError(409, NOT_AUTHORIZED_MESSAGE, 'ERR_NOT_AUTHORIZED');
    return credentials;
  };

  app.get(
    '/applications/:id/stations',
    { config: MANAGER, schema: stationsSchema },
    async (request) => {
      const row = await loadOwned(app.repos, currentUser(request).id, request.params.id);
      const credentials = keysOf(row);
      let view;
      try {
        view = await ownerStations(app.repos, access, row, credentials, request.log);
      } catch (error) {
        throw storeError(error, row);
      }
      const application = { id: row.id, name: row.name, homeUrl: row.home_url, slug: row.slug };
      if ('pluginMissing' in view) return { application, list: [], pluginMissing: true };
      return {
        application,
        list: view.stations.map((station) => toStation(station, view.slugs, view.wpUserId)),
        pluginMissing: false,
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

      const row = await loadOwned(app.repos, user.id, request.params.id);
      const credentials = keysOf(row);
      try {
        await changeStationSlug(
          app.repos,
          access,
          { row, credentials, stationId, stationSlug, oldStationSlug, kind, userId: user.id },
          request.log,
        );
      } catch (error) {
        if (error instanceof SlugChangeError) {
          const { status, code } = SLUG_REFUSALS[error.refusal];
          throw new HttpError(status, error.message, code);
        }
        throw storeError(error, row);
      }
      return { stationId, stationSlug };
    },
  );

  app.get('/shared-stations', { schema: sharedStationsSchema }, async (request) => {
    const shared = await sharedStations(app.repos, access, currentUser(request), request.log);
    return {
      list: shared.groups.map((group) => ({
        application: { id: group.row.id, name: group.row.name, slug: group.row.slug },
        adminName: group.adminName,
        roles: group.member.roles,
        stations: group.stations.map((station) => toStation(station, group.slugs, group.wpUserId)),
        unavailable: group.unavailable,
      })),
      pluginMissingCount: shared.pluginMissingCount,
    };
  });
};

export default stations;
