import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inviteStoreUser, sharedUsers } from '../../domain/applications/sharing';
import { INVITATION_SENT_MESSAGE } from '../../domain/staff/manage';
import type { StoreAccess } from '../../domain/store-access';
import { currentUser } from '../../plugins/auth';
import { TOTAL_ALL_HEADER } from '../common';
import { invitationError, keysOf, loadOwned, MANAGER, storeError } from './common';
import { sendInviteSchema, userAccountsSchema } from './schemas/sharing';

/** Who an application is shared with (user-accounts) and its store users' invitations. */
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
};

export default sharing;
