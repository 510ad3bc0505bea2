import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isSameOriginPath } from '@pos/shared/rules';
import type { ApplicationRow } from '../../db/types';
import { startAuthorization } from '../../domain/applications/authorization';
import {
  createApplication,
  findOrCreateApplication,
  SiteCheckError,
} from '../../domain/applications/create';
import { checkSite } from '../../domain/applications/site-check';
import {
  checkStoreOrigin,
  StoreOriginError,
  StoreOriginFormatError,
} from '../../domain/applications/store-origin';
import { cancelAuthorization, deleteApplication } from '../../domain/applications/update';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { StoreUrlError, type StoreUrl } from '../../services/store-url';
import { countAttempt } from '../rate-limits';
import {
  applicationNotFound,
  asConflict,
  loadOwned,
  MANAGER,
  storeUrlOf,
  validation,
} from './common';
import {
  authStatusSchema,
  createSchema,
  deleteSchema,
  findOrCreateSchema,
  getSchema,
  listSchema,
  siteCheckSchema,
} from './schemas/applications';
import { NAME_MAX_LENGTH } from './schemas/entities';
import sharing from './sharing';
import stations from './stations';
import update from './update';
import { toApplication, toLiveApplication } from './view';

/** A body's optional return path: null when absent, 400 unless a same-origin relative path. */
function checkedReturnPath(returnPath: string | undefined): string | null {
  if (returnPath === undefined) return null;
  if (!isSameOriginPath(returnPath)) {
    throw validation('body/returnPath must be a path on the dashboard starting with one /');
  }
  return returnPath;
}

/** 400 for a malformed store origin, 403 when it is not the origin of the store named. */
function boundToStore(url: StoreUrl, storeOrigin: string): void {
  try {
    checkStoreOrigin(url, storeOrigin);
  } catch (error) {
    if (error instanceof StoreOriginFormatError) throw validation(error.message);
    if (error instanceof StoreOriginError) {
      throw new HttpError(403, error.message, 'ERR_STORE_ORIGIN');
    }
    throw error;
  }
}

/** Options of the application routes. */
export interface ApplicationRoutesOptions {
  access: StoreAccess;
}

/**
 * The application routes: list, detail, create, find-or-create, auth-status, delete; the
 * update (PUT) and sharing routes are registered from their own modules.
 */
const applications: FastifyPluginAsyncTypebox<ApplicationRoutesOptions> = async (
  app,
  { access },
) => {
  /** A new authorization of `row`: its store's authorize URL, or 404 when it is gone. */
  const authorize = async (row: ApplicationRow, returnPath: string | null) => {
    const started = await startAuthorization(app.repos, access, row, returnPath);
    if (!started) throw applicationNotFound();
    return started;
  };

  app.get('/applications', { config: MANAGER, schema: listSchema }, async (request) => {
    const rows = await app.repos.applications.listForUser(currentUser(request).id);
    const list = await Promise.all(
      rows.map((row) => toLiveApplication(row, access, app.repos, false, request.log)),
    );
    return { list, error: [] };
  });

  app.get('/applications/:id', { config: MANAGER, schema: getSchema }, async (request) => {
    const row = await loadOwned(app.repos, currentUser(request).id, request.params.id);
    return { data: await toLiveApplication(row, access, app.repos, true, request.log) };
  });

  app.get(
    '/applications/site-check',
    { config: MANAGER, schema: siteCheckSchema },
    async (request) => {
      try {
        return await checkSite(access, request.query.url);
      } catch (error) {
        if (error instanceof StoreUrlError) throw validation(error.message);
        throw error;
      }
    },
  );

  app.post('/applications', { config: MANAGER, schema: createSchema }, async (request, reply) => {
    const name = request.body.name.trim();
    const url = await storeUrlOf(request.body.homeUrl, access);
    await countAttempt(app, request, 'applicationCreate');
    let row: ApplicationRow;
    try {
      row = await createApplication(app.repos, currentUser(request).id, name, url);
    } catch (error) {
      throw asConflict(error);
    }
    return reply.code(201).send({ data: toApplication(row, access) });
  });

  app.post(
    '/applications/find-or-create',
    { config: MANAGER, schema: findOrCreateSchema },
    async (request) => {
      const user = currentUser(request);
      const url = await storeUrlOf(request.body.homeUrl, access);
      const returnPath = checkedReturnPath(request.body.returnPath);
      boundToStore(url, request.body.storeOrigin);
      await countAttempt(app, request, 'applicationCreate');
      let row: ApplicationRow;
      try {
        row = await findOrCreateApplication(app.repos, access, user.id, url, {
          forceValidation: Boolean(request.body.forceValidation),
          nameMaxLength: NAME_MAX_LENGTH,
        });
      } catch (error) {
        if (error instanceof SiteCheckError) throw validation(error.message);
        throw asConflict(error);
      }
      if (row.is_verified_auth === 1) {
        return { data: await toLiveApplication(row, access, app.repos, true, request.log) };
      }
      const started = await authorize(row, returnPath);
      return {
        data: {
          ...(await toLiveApplication(started.row, access, app.repos, true, request.log)),
          authorizeUrl: started.authorizeUrl,
        },
      };
    },
  );

  app.put(
    '/applications/:id/auth-status',
    { config: MANAGER, schema: authStatusSchema },
    async (request) => {
      const row = await loadOwned(app.repos, currentUser(request).id, request.params.id);
      const { authInProgress, returnPath } = request.body;
      if (!authInProgress) {
        await cancelAuthorization(app.repos, row);
        return { data: { authInProgress: false } };
      }
      if (row.is_verified_auth === 1) {
        throw new HttpError(409, 'The application is already authorized', 'ERR_ALREADY_AUTHORIZED');
      }
      const started = await authorize(row, checkedReturnPath(returnPath));
      return { data: { authInProgress: true, authorizeUrl: started.authorizeUrl } };
    },
  );

  app.delete(
    '/applications/:id',
    { config: MANAGER, schema: deleteSchema },
    async (request, reply) => {
      const deleted = await deleteApplication(
        app.repos,
        access,
        currentUser(request).id,
        request.params.id,
        request.log,
      );
      if (!deleted) throw applicationNotFound();
      // Nothing to tell when the application held no key; else whether the store revoked it.
      if (deleted.keyRevoked === null) return reply.code(204).send(null);
      return reply.code(200).send({ keyRevoked: deleted.keyRevoked });
    },
  );

  await app.register(update, { access });
  await app.register(sharing, { access });
  await app.register(stations, { access });
};

export default applications;
