import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { wpUserOf } from '../../domain/applications/credentials';
import { entryStation, inviteStoreUser, sharedUsers } from '../../domain/applications/sharing';
import { INVITATION_SENT_MESSAGE } from '../../domain/staff/manage';
import { reachOf } from '../../domain/members/reach';
import type { OwnerHoldReason } from '../../domain/stations/owner-hold';
import { ownerHold } from '../../domain/stations/owner-hold';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { TOTAL_ALL_HEADER } from '../common';
import {
  applicationNotFound,
  invitationError,
  keysOf,
  loadOwned,
  MANAGER,
  storeError,
} from './common';
import {
  entryDetailsSchema,
  getWpUserSchema,
  sendInviteSchema,
  userAccountsSchema,
} from './schemas/sharing';

/** The error code of entry-details for each reason an owner's stations are held. */
const HOLD_CODES: Record<OwnerHoldReason, string> = {
  banned: 'ERR_OWNER_BANNED',
  paused: 'ERR_PLAN_LIMIT_REACHED',
};

/**
 * Who an application is shared with (user-accounts, invitations), its WordPress account, and
 * the entry details of a POS station.
 */
const sharing: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  app.get(
    '/applications/:id/user-accounts',
    { config: MANAGER, schema: userAccountsSchema },
    async (request, reply) => {
      const row = await loadOwned(app.repos, currentUser(request).id, request.params.id);
      const credentials = keysOf(row, access);
      const { page, limit } = request.query;
      let users;
      try {
        users = await sharedUsers(app.repos, access, row, credentials, page, limit);
      } catch (error) {
        throw storeError(error, row);
      }
      void reply
        .header(TOTAL_ALL_HEADER, String(users.total))
        .header('access-control-expose-headers', TOTAL_ALL_HEADER);
      return {
        userAccounts: { pos: users.pos, wp: users.wp },
        isMultiplePluginActive: users.multiplePluginActive,
      };
    },
  );

  app.get('/getWpUser', { config: MANAGER, schema: getWpUserSchema }, async (request) => {
    const row = await loadOwned(app.repos, currentUser(request).id, request.query.id);
    return { result: { wpUser: wpUserOf(row) } };
  });

  app.post('/send-invite-email', { config: MANAGER, schema: sendInviteSchema }, async (request) => {
    const inviter = currentUser(request);
    const row = await loadOwned(app.repos, inviter.id, request.body.applicationId);
    const credentials = keysOf(row, access);
    let count: number;
    try {
      count = await inviteStoreUser(
        app.repos,
        access,
        inviter,
        row,
        credentials,
        request.body.wpUserId,
      );
    } catch (error) {
      throw invitationError(error, row);
    }
    return { message: INVITATION_SENT_MESSAGE, invitationCount: count };
  });

  app.get('/applications/:id/entry-details', { schema: entryDetailsSchema }, async (request) => {
    const user = currentUser(request);
    // The owner, or a user the store lists (a member): anyone else gets the owner's 404.
    const row = await app.repos.applications.findById(request.params.id);
    if (!row || !(await reachOf(app.repos, row, user))) throw applicationNotFound();
    // The same rule as the cloud POS address: a banned owner, or one at the plan's limit,
    // opens no station.
    const hold = await ownerHold(app.repos, row.user_id);
    if (hold) throw new HttpError(403, `${hold.name}: ${hold.text}`, HOLD_CODES[hold.reason]);
    let station;
    try {
      station = await entryStation(app.repos, access, row, request.query.stationSlug);
    } catch (error) {
      throw storeError(error, row);
    }
    return {
      data: {
        application: { id: row.id, name: row.name, slug: row.slug, homeUrl: row.home_url },
        station,
        user: { fullName: user.full_name, email: user.email },
      },
    };
  });
};

export default sharing;
