import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { UniqueViolationError } from '../../repositories/applications';
import { StoreHttpError } from '../../services/store-client';
import type { StoreUrl } from '../../services/store-url';
import { authorizeUrl, isSafeReturnPath, newAuthToken } from './authorization';
import { applicationNotFound, duplicateSite, MANAGER, storeUrlOf, validation } from './common';
import type { StoreAccess } from './context';
import {
  authStatusSchema,
  createSchema,
  deleteSchema,
  findOrCreateSchema,
  getSchema,
  listSchema,
} from './schemas/applications';
import { NAME_MAX_LENGTH } from './schemas/entities';
import sharing from './sharing';
import stations from './stations';
import update from './update';
import { toApplication, toLiveApplication } from './view';

/** Options of the application routes. */
export interface ApplicationRoutesOptions {
  access: StoreAccess;
}

/** Starts an authorization: a new token replaces any earlier one. */
async function startAuthorization(
  app: FastifyInstance,
  access: StoreAccess,
  row: ApplicationRow,
  returnPath: string | null,
): Promise<{ row: ApplicationRow; authorizeUrl: string }> {
  const { token, hash, expiresAt } = newAuthToken();
  const updated = await app.repos.applications.update(row.user_id, row.id, {
    auth_token_hash: hash,
    auth_token_expires_at: expiresAt,
    auth_return_path: returnPath,
  });
  if (!updated) throw applicationNotFound();
  return { row: updated, authorizeUrl: authorizeUrl(updated, token, returnPath, access) };
}

/**
 * The application routes: list, detail, create, find-or-create, auth-status, delete; the
 * update (PUT) and sharing routes are registered from their own modules.
 */
const applications: FastifyPluginAsyncTypebox<ApplicationRoutesOptions> = async (
  app,
  { access },
) => {
  const load = async (userId: string, id: string): Promise<ApplicationRow> => {
    const row = await app.repos.applications.findForUser(userId, id);
    if (!row) throw applicationNotFound();
    return row;
  };

  const create = async (userId: string, name: string, url: StoreUrl): Promise<ApplicationRow> => {
    if (await app.repos.applications.findBySite(userId, url.key)) throw duplicateSite(url.href);
    try {
      return await app.repos.applications.create(
        { userId, name, homeUrl: url.href, homeUrlKey: url.key },
        (row) => ({
          name: `Application ${row.name} was added`,
          feedType: 'applicationAdded',
          link: `/applications/${row.id}`,
          linkName: row.name,
        }),
      );
    } catch (error) {
      if (error instanceof UniqueViolationError && error.rule === 'site') {
        throw duplicateSite(url.href);
      }
      if (error instanceof UniqueViolationError && error.rule === 'slug') {
        throw new HttpError(
          409,
          `Too many applications named ${name} are being created at once; please try again`,
          'ERR_SLUG_BUSY',
        );
      }
      throw error;
    }
  };

  app.get('/applications', { config: MANAGER, schema: listSchema }, async (request) => {
    const rows = await app.repos.applications.listForUser(currentUser(request).id);
    const list = await Promise.all(rows.map((row) => toLiveApplication(row, access, false)));
    return { list, error: [] };
  });

  app.get('/applications/:id', { config: MANAGER, schema: getSchema }, async (request) => {
    const row = await load(currentUser(request).id, request.params.id);
    return { data: await toLiveApplication(row, access, true) };
  });

  app.post('/applications', { config: MANAGER, schema: createSchema }, async (request, reply) => {
    const name = request.body.name.trim();
    const url = storeUrlOf(request.body.homeUrl, access);
    const row = await create(currentUser(request).id, name, url);
    return reply.code(201).send({ data: toApplication(row, access.secrets) });
  });

  app.post(
    '/applications/find-or-create',
    { config: MANAGER, schema: findOrCreateSchema },
    async (request) => {
      const user = currentUser(request);
      const url = storeUrlOf(request.body.homeUrl, access);
      let row = await app.repos.applications.findBySite(user.id, url.key);
      if (!row) {
        let siteName = '';
        try {
          const site = await access.store.siteInfo(url.href);
          if (request.body.forceValidation && !site.namespaces.includes('wc/v3')) {
            throw validation(`The site at ${url.href} is not a WooCommerce store`);
          }
          siteName = site.name.trim();
        } catch (error) {
          if (error instanceof HttpError) throw error;
          if (request.body.forceValidation) {
            // A site that answered without a WordPress index is there, but not a store.
            throw validation(
              error instanceof StoreHttpError
                ? `The site at ${url.href} is not a WooCommerce store`
                : `The site at ${url.href} could not be reached`,
            );
          }
        }
        const name = Array.from(siteName || url.host)
          .slice(0, NAME_MAX_LENGTH)
          .join('')
          .trim();
        try {
          row = await create(user.id, name || url.host, url);
        } catch (error) {
          // The same site created by a parallel request: answer with that one.
          const existing = await app.repos.applications.findBySite(user.id, url.key);
          if (!existing) throw error;
          row = existing;
        }
      }
      if (row.is_verified_auth === 1) return { data: await toLiveApplication(row, access, true) };
      const started = await startAuthorization(app, access, row, null);
      return {
        data: {
          ...(await toLiveApplication(started.row, access, true)),
          authorizeUrl: started.authorizeUrl,
        },
      };
    },
  );

  app.put(
    '/applications/:id/auth-status',
    { config: MANAGER, schema: authStatusSchema },
    async (request) => {
      const user = currentUser(request);
      const row = await load(user.id, request.params.id);
      const { authInProgress, returnPath } = request.body;
      if (!authInProgress) {
        await app.repos.applications.update(user.id, row.id, {
          auth_token_hash: null,
          auth_token_expires_at: null,
          auth_return_path: null,
        });
        return { data: { authInProgress: false } };
      }
      if (row.is_verified_auth === 1) {
        throw new HttpError(409, 'The application is already authorized', 'ERR_ALREADY_AUTHORIZED');
      }
      if (returnPath !== undefined && !isSafeReturnPath(returnPath)) {
        throw validation('body/returnPath must be a path on the dashboard starting with one /');
      }
      const started = await startAuthorization(app, access, row, returnPath ?? null);
      return { data: { authInProgress: true, authorizeUrl: started.authorizeUrl } };
    },
  );

  app.delete(
    '/applications/:id',
    { config: MANAGER, schema: deleteSchema },
    async (request, reply) => {
      if (!(await app.repos.applications.delete(currentUser(request).id, request.params.id))) {
        throw applicationNotFound();
      }
      return reply.code(204).send(null);
    },
  );

  await app.register(update, { access });
  await app.register(sharing, { access });
  await app.register(stations, { access });
};

export default applications;
