import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApplicationRow } from '../../db/types';
import { disconnectedMessage } from '../../domain/applications/feed';
import {
  connectWithKeys,
  disconnectApplication,
  moveApplication,
  renameApplication,
  setAuthType,
} from '../../domain/applications/update';
import type { StoreAccess } from '../../domain/store-access';
import { currentUser } from '../../plugins/auth';
import { countAttempt } from '../rate-limits';
import {
  applicationNotFound,
  asConflict,
  loadOwned,
  MANAGER,
  storeUrlOf,
  validation,
} from './common';
import type { UpdateBody } from './schemas/update';
import { updateSchema } from './schemas/update';
import { toApplication, toLiveApplication } from './view';

/** The single body group of a PUT, or a 400 naming the rule. */
function groupOf(body: UpdateBody): 'name' | 'homeUrl' | 'keys' | 'deauth' | 'authType' {
  type Group = 'name' | 'homeUrl' | 'keys' | 'deauth' | 'authType';
  const present: Record<Group, boolean> = {
    name: body.name !== undefined,
    homeUrl: body.homeUrl !== undefined,
    keys: body.consumerKey !== undefined || body.consumerSecret !== undefined,
    deauth: body.deauth !== undefined,
    authType: body.authType !== undefined,
  };
  const groups = (Object.keys(present) as Group[]).filter((group) => present[group]);
  const [group] = groups;
  if (groups.length !== 1 || !group) {
    throw validation(
      'body must hold exactly one of {name}, {homeUrl}, {consumerKey, consumerSecret}, {deauth}, {authType}',
    );
  }
  if (group === 'keys' && (body.consumerKey === undefined || body.consumerSecret === undefined)) {
    throw validation('body must hold both consumerKey and consumerSecret');
  }
  return group;
}

/**
 * `PUT /applications/:id` with exactly one body group: rename, move to another URL, connect
 * with keys (checked against the store first), disconnect, or set the authorization type.
 */
const update: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  app.put('/applications/:id', { config: MANAGER, schema: updateSchema }, async (request) => {
    const row = await loadOwned(app.repos, currentUser(request).id, request.params.id);
    const body = request.body;
    let updated: ApplicationRow | undefined;
    try {
      switch (groupOf(body)) {
        case 'name':
          updated = await renameApplication(app.repos, row, (body.name ?? '').trim());
          break;
        case 'homeUrl':
          updated = await moveApplication(
            app.repos,
            row,
            await storeUrlOf(body.homeUrl ?? '', access),
          );
          break;
        case 'keys': {
          // Each check asks the store whether the keys are right: guesses are counted.
          await countAttempt(app, request, 'storeKeys');
          const credentials = {
            consumerKey: (body.consumerKey ?? '').trim(),
            consumerSecret: (body.consumerSecret ?? '').trim(),
          };
          const outcome = await connectWithKeys(app.repos, access, row, credentials, request.log);
          if ('failure' in outcome) {
            if (!outcome.row) throw applicationNotFound();
            return {
              data: {
                ...(await toLiveApplication(outcome.row, access, app.repos, true, request.log)),
                keysFail: { hasError: true, displayError: outcome.failure.displayError },
              },
            };
          }
          updated = outcome.row;
          break;
        }
        case 'deauth': {
          const disconnected = await disconnectApplication(app.repos, access, row, request.log);
          if (!disconnected) throw applicationNotFound();
          return {
            data: toApplication(disconnected.row, access),
            message: disconnectedMessage(row),
            keyRevoked: disconnected.keyRevoked,
          };
        }
        case 'authType':
          updated = body.authType ? await setAuthType(app.repos, row, body.authType) : row;
          break;
      }
    } catch (error) {
      throw asConflict(error);
    }
    if (!updated) throw applicationNotFound();
    return { data: await toLiveApplication(updated, access, app.repos, true, request.log) };
  });
};

export default update;
