import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApplicationRow } from '../../db/types';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { memberEmail } from '../../repositories/stations';
import type { StoreCredentials } from '../../services/store-client';
import { StoreHttpError } from '../../services/store-client';
import { applicationNotFound, MANAGER } from './common';
import type { StoreAccess } from './context';
import {
  entryDetailsSchema,
  getWpUserSchema,
  sendInviteSchema,
  userAccountsSchema,
} from './schemas/sharing';
import { credentialsOf, storeFailureText, wpUserOf } from './view';

/** Header of the store's total of users (also exposed to cross-origin callers). */
export const TOTAL_HEADER = 'x-biz-total-all';

/**
 * Who an application is shared with (user-accounts, invitations), its WordPress account, and
 * the entry details of a POS station.
 */
const sharing: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  const load = async (userId: string, id: string): Promise<ApplicationRow> => {
    const row = await app.repos.applications.findForUser(userId, id);
    if (!row) throw applicationNotFound();
    return row;
  };

  /** The stored keys of a verified application, or 409. */
  const keysOf = (row: ApplicationRow): StoreCredentials => {
    const credentials = row.is_verified_auth === 1 ? safeCredentials(row) : null;
    if (!credentials) {
      throw new HttpError(409, 'The application is not authorized', 'ERR_NOT_AUTHORIZED');
    }
    return credentials;
  };

  const safeCredentials = (row: ApplicationRow): StoreCredentials | null => {
    try {
      return credentialsOf(row, access.secrets);
    } catch (error) {
      throw new HttpError(502, storeFailureText(error, row.home_url), 'ERR_STORE');
    }
  };

  const storeError = (error: unknown, row: ApplicationRow) =>
    new HttpError(502, storeFailureText(error, row.home_url), 'ERR_STORE');

  app.get(
    '/applications/:id/user-accounts',
    { config: MANAGER, schema: userAccountsSchema },
    async (request, reply) => {
      const row = await load(currentUser(request).id, request.params.id);
      const credentials = keysOf(row);
      const { page, limit } = request.query;
      let users;
      let connection;
      try {
        [users, connection] = await Promise.all([
          access.store.users(row.home_url, credentials, page, limit),
          access.store.connection(row.home_url, credentials),
        ]);
      } catch (error) {
        throw storeError(error, row);
      }
      const [dashboardUsers, counts] = await Promise.all([
        app.repos.users.findByEmails(users.users.map((user) => user.email)),
        app.repos.applications.invitationCounts(
          row.id,
          users.users.map((user) => user.id),
        ),
      ]);
      const byEmail = new Map(
        dashboardUsers.map((user) => [(user.email ?? '').toLowerCase(), user]),
      );
      const pos = [];
      const wp = [];
      for (const user of users.users) {
        const dashboardUser = byEmail.get(user.email.toLowerCase());
        const shared = {
          id: user.id,
          name: user.name,
          email: user.email,
          roles: user.roles,
          lastAccess: dashboardUser?.last_access_at ?? null,
          invitationCount: counts.get(user.id) ?? 0,
        };
        if (dashboardUser && user.email) pos.push(shared);
        else wp.push(shared);
      }
      void reply
        .header(TOTAL_HEADER, String(users.total))
        .header('access-control-expose-headers', TOTAL_HEADER);
      return {
        userAccounts: { pos, wp },
        isMultiplePluginActive: connection.multipleUserPluginActive,
      };
    },
  );

  app.get('/getWpUser', { config: MANAGER, schema: getWpUserSchema }, async (request) => {
    const row = await load(currentUser(request).id, request.query.id);
    return { result: { wpUser: wpUserOf(row) } };
  });

  app.post('/send-invite-email', { config: MANAGER, schema: sendInviteSchema }, async (request) => {
    const inviter = currentUser(request);
    const row = await load(inviter.id, request.body.applicationId);
    const credentials = keysOf(row);
    const { wpUserId } = request.body;
    let wpUser;
    try {
      wpUser = await access.store.user(row.home_url, credentials, wpUserId);
    } catch (error) {
      if (error instanceof StoreHttpError && error.notFound) {
        throw new HttpError(404, 'WordPress user not found', 'ERR_NOT_FOUND');
      }
      throw storeError(error, row);
    }
    const count = await app.repos.applications.reserveInvitation(row.id, wpUserId);
    if (count === null) {
      throw new HttpError(429, 'Attempt limit reached', 'ERR_INVITATION_LIMIT');
    }
    try {
      await access.store.sendInvitation(row.home_url, credentials, {
        userId: wpUserId,
        inviterName: inviter.full_name || inviter.email || 'Your manager',
        appName: row.name,
        signupUrl: `${access.loginProviderUrl}/need-register?${new URLSearchParams({
          product: 'pos',
          origin: access.dashboardOrigin,
        }).toString()}`,
      });
    } catch (error) {
      // The invitation was not sent: it must not count against the limit.
      await app.repos.applications.releaseInvitation(row.id, wpUserId);
      throw new HttpError(
        502,
        `The invitation could not be sent: ${storeFailureText(error, row.home_url)}`,
        'ERR_STORE',
      );
    }
    const name = wpUser.name || wpUser.username || wpUser.email;
    await app.repos.activities.create(inviter.id, {
      name: `Invitation sent to ${name} for ${row.name}`,
      feedType: 'applicationShared',
      link: `/applications/${row.id}`,
      linkName: row.name,
    });
    return { message: 'The invitation is sent', invitationCount: count };
  });

  app.get('/applications/:id/entry-details', { schema: entryDetailsSchema }, async (request) => {
    const user = currentUser(request);
    // The owner, or a user the store lists (a member): anyone else gets the owner's 404.
    const row = await app.repos.applications.findById(request.params.id);
    const isOwner = row?.user_id === user.id;
    const member =
      row && !isOwner && row.is_verified_auth === 1
        ? await app.repos.stations.findMember(row.id, memberEmail(user))
        : null;
    if (!row || (!isOwner && !member)) throw applicationNotFound();
    const { stationSlug } = request.query;
    let station = null;
    if (stationSlug && row.is_verified_auth === 1) {
      const posId = await app.repos.stations.resolveSlug(row.id, stationSlug);
      if (posId !== null) {
        try {
          const credentials = credentialsOf(row, access.secrets);
          const stations = credentials
            ? await access.store.stations(row.home_url, credentials)
            : [];
          const found = stations.find((s) => String(s.posId) === posId);
          if (found) station = { posID: String(found.posId), name: found.name, url: found.url };
        } catch (error) {
          throw storeError(error, row);
        }
      }
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
