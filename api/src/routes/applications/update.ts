import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApplicationRow, ApplicationUpdate } from '../../db/types';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { UniqueViolationError } from '../../repositories/applications';
import { checkKeys, storeAcceptedKeys } from './authorization';
import {
  applicationNotFound,
  duplicateSite,
  MANAGER,
  storeUrlOf,
  urlChangedDuringCheck,
  validation,
} from './common';
import type { StoreAccess } from './context';
import { syncMembersQuietly } from './members';
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
  const load = async (userId: string, id: string): Promise<ApplicationRow> => {
    const row = await app.repos.applications.findForUser(userId, id);
    if (!row) throw applicationNotFound();
    return row;
  };

  app.put('/applications/:id', { config: MANAGER, schema: updateSchema }, async (request) => {
    const user = currentUser(request);
    const row = await load(user.id, request.params.id);
    const body = request.body;
    const group = groupOf(body);
    const repo = app.repos.applications;
    const link = { link: `/applications/${row.id}` };
    let change: ApplicationUpdate = {};
    let updated: ApplicationRow | undefined = row;

    switch (group) {
      case 'name': {
        const name = (body.name ?? '').trim();
        if (name === row.name) break;
        updated = await repo.update(user.id, row.id, { name }, () => ({
          name: `Application ${row.name} was renamed to ${name}`,
          feedType: 'applicationUpdated',
          ...link,
          linkName: name,
        }));
        break;
      }
      case 'homeUrl': {
        const url = storeUrlOf(body.homeUrl ?? '', access);
        if (url.href === row.home_url) break;
        if (row.is_verified_auth === 1) {
          throw new HttpError(
            409,
            'The URL of an authorized application cannot be changed',
            'ERR_URL_LOCKED',
          );
        }
        const other = await repo.findBySite(user.id, url.key);
        if (other && other.id !== row.id) throw duplicateSite(url.href);
        try {
          // A pending authorization was for the old site.
          change = {
            home_url: url.href,
            home_url_key: url.key,
            auth_token_hash: null,
            auth_token_expires_at: null,
            auth_return_path: null,
          };
          updated = await repo.update(
            user.id,
            row.id,
            change,
            () => ({
              name: `The URL of application ${row.name} was changed to ${url.href}`,
              feedType: 'applicationUpdated',
              ...link,
              linkName: row.name,
            }),
            // Another site: its users and stations are not the old one's.
            { forgetStore: true },
          );
        } catch (error) {
          if (error instanceof UniqueViolationError && error.rule === 'site') {
            throw duplicateSite(url.href);
          }
          throw error;
        }
        break;
      }
      case 'keys': {
        const credentials = {
          consumerKey: (body.consumerKey ?? '').trim(),
          consumerSecret: (body.consumerSecret ?? '').trim(),
        };
        const checked = await checkKeys(access, row.home_url, row.home_url_key, credentials);
        if ('failure' in checked) {
          return {
            data: {
              ...(await toLiveApplication(row, access, true)),
              keysFail: { hasError: true, displayError: checked.failure.displayError },
            },
          };
        }
        updated = await storeAcceptedKeys(app.repos, access, row, {
          credentials,
          connection: checked.connection,
          authType: 'keys',
          keyId: null,
        });
        if (!updated && (await repo.findForUser(user.id, row.id))) throw urlChangedDuringCheck();
        if (updated) {
          await syncMembersQuietly(app.repos, access, updated, request.log, credentials);
        }
        break;
      }
      case 'deauth': {
        const message = `${row.name} application has been disconnected and is no longer authorized.`;
        updated = await repo.update(
          user.id,
          row.id,
          {
            is_verified_auth: 0,
            key_id: null,
            consumer_key_enc: null,
            consumer_secret_enc: null,
            wp_user: null,
            auth_token_hash: null,
            auth_token_expires_at: null,
            auth_return_path: null,
          },
          () => ({
            name: message,
            feedType: 'applicationDisconnected',
            ...link,
            linkName: row.name,
          }),
          // Keys for another store may come next: nothing of this one may carry over.
          { forgetStore: true },
        );
        if (!updated) throw applicationNotFound();
        return { data: toApplication(updated, access.secrets), message };
      }
      case 'authType': {
        if (body.authType === row.auth_type || !body.authType) break;
        updated = await repo.update(user.id, row.id, { auth_type: body.authType });
        break;
      }
    }
    if (!updated) throw applicationNotFound();
    return { data: await toLiveApplication(updated, access, true) };
  });
};

export default update;
