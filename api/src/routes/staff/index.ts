import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inviteStoreUser } from '../../domain/applications/sharing';
import type { StaffRefusal } from '../../domain/staff/errors';
import { StaffError } from '../../domain/staff/errors';
import {
  changeStaffRole,
  CREATED_MESSAGE,
  createStaffUser,
  INVITATION_SENT_MESSAGE,
  refuseConnectionOwner,
  removeStaffAccess,
  staffInputProblem,
} from '../../domain/staff/manage';
import { StaffCountError, staffSummary } from '../../domain/staff/summary';
import { staffPage } from '../../domain/staff/users';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { ApplicationRow } from '../../db/types';
import {
  invitationError,
  keysOf,
  loadOwned,
  MANAGER,
  storeError,
  validation,
} from '../applications/common';
import { TOTAL_ALL_HEADER } from '../common';
import {
  changeRoleSchema,
  createSchema,
  inviteSchema,
  listSchema,
  removeSchema,
  summarySchema,
} from './schema';

/** Status and code of each refused staff change. */
const STAFF_REFUSALS: Record<StaffRefusal, { status: number; code: string }> = {
  invalid: { status: 400, code: 'ERR_VALIDATION' },
  storeRefused: { status: 400, code: 'ERR_STORE_REFUSED' },
  connectionOwner: { status: 403, code: 'ERR_STORE_OWNER' },
  userNotFound: { status: 404, code: 'ERR_NOT_FOUND' },
  addonInactive: { status: 409, code: 'ERR_STAFF_ADDON_INACTIVE' },
  inProgress: { status: 409, code: 'ERR_STAFF_CREATE_IN_PROGRESS' },
};

/** A failed staff call as an answer: the refusal's status, else the store failure's. */
function staffError(error: unknown, row: Pick<ApplicationRow, 'home_url'>): HttpError {
  if (error instanceof StaffError) {
    const { status, code } = STAFF_REFUSALS[error.refusal];
    return new HttpError(status, error.message, code);
  }
  if (error instanceof HttpError) return error;
  return storeError(error, row);
}

/**
 * The staff routes (issue 13), managers only: each works on one verified application of the
 * caller through its store's Cloud POS plugin.
 */
const staff: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (app, { access }) => {
  app.get('/staff/users', { config: MANAGER, schema: listSchema }, async (request, reply) => {
    const { applicationId, page, limit } = request.query;
    const row = await loadOwned(app.repos, currentUser(request).id, applicationId);
    const credentials = keysOf(row, access);
    let answer;
    try {
      answer = await staffPage(app.repos, access, row, credentials, page, limit);
    } catch (error) {
      throw staffError(error, row);
    }
    void reply
      .header(TOTAL_ALL_HEADER, String(answer.totalAll))
      .header('access-control-expose-headers', TOTAL_ALL_HEADER);
    return answer;
  });

  app.post('/staff/users', { config: MANAGER, schema: createSchema }, async (request, reply) => {
    const problem = staffInputProblem(request.body);
    if (problem) throw validation(problem);
    const actor = currentUser(request);
    const row = await loadOwned(app.repos, actor.id, request.body.applicationId.trim());
    const credentials = keysOf(row, access);
    let created;
    try {
      created = await createStaffUser(
        app.repos,
        access,
        actor,
        row,
        credentials,
        request.body,
        request.log,
      );
    } catch (error) {
      throw staffError(error, row);
    }
    return reply
      .status(201)
      .send({ data: created.user, message: CREATED_MESSAGE, invitation: created.invitation });
  });

  app.post('/staff/invitations', { config: MANAGER, schema: inviteSchema }, async (request) => {
    const actor = currentUser(request);
    const row = await loadOwned(app.repos, actor.id, request.body.applicationId);
    const credentials = keysOf(row, access);
    // The store's own administrator has their account already: nothing to invite (as PATCH
    // and DELETE, 403 ERR_STORE_OWNER before the store is asked to send anything).
    try {
      await refuseConnectionOwner(app.repos, access, row, credentials, request.body.wpUserId);
    } catch (error) {
      throw staffError(error, row);
    }
    try {
      const count = await inviteStoreUser(
        app.repos,
        access,
        actor,
        row,
        credentials,
        request.body.wpUserId,
      );
      return { message: INVITATION_SENT_MESSAGE, invitationCount: count };
    } catch (error) {
      throw invitationError(error, row);
    }
  });

  app.patch(
    '/staff/users/:wpUserId',
    { config: MANAGER, schema: changeRoleSchema },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadOwned(app.repos, actor.id, request.body.applicationId);
      const credentials = keysOf(row, access);
      try {
        const data = await changeStaffRole(
          app.repos,
          access,
          actor,
          row,
          credentials,
          request.params.wpUserId,
          request.body.role,
        );
        return { data };
      } catch (error) {
        throw staffError(error, row);
      }
    },
  );

  app.delete(
    '/staff/users/:wpUserId',
    { config: MANAGER, schema: removeSchema },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadOwned(app.repos, actor.id, request.query.applicationId);
      const credentials = keysOf(row, access);
      try {
        const message = await removeStaffAccess(
          app.repos,
          access,
          actor,
          row,
          credentials,
          request.params.wpUserId,
        );
        return { message };
      } catch (error) {
        throw staffError(error, row);
      }
    },
  );

  app.get('/staff/summary', { config: MANAGER, schema: summarySchema }, async (request) => {
    try {
      return await staffSummary(app.repos, access, currentUser(request).id);
    } catch (error) {
      if (error instanceof StaffCountError) throw storeError(error.cause, error.row);
      throw error;
    }
  });
};

export default staff;
