import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUPPORT_TEXTS } from '@pos/shared/rules';
import { AssistantError } from '../../domain/assistant/errors';
import type { SupportMail } from '../../domain/assistant/support';
import { sendSupportRequest } from '../../domain/assistant/support';
import { markTaskDone, supportCardOf, userTasksOf } from '../../domain/assistant/tasks';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { MANAGER } from '../applications/common';
import { TOTAL_ALL_HEADER } from '../common';
import {
  completeTaskSchema,
  LEFT_TO_COMPLETE_HEADER,
  listUserTasksSchema,
  sendSupportRequestSchema,
  supportSettingSchema,
} from './schema';

/** The status and code of each refusal. */
function httpErrorOf(error: AssistantError): HttpError {
  switch (error.refusal) {
    case 'taskNotFound':
    case 'applicationNotFound':
      return new HttpError(404, error.message, 'ERR_NOT_FOUND');
    case 'locked':
      return new HttpError(409, error.message, 'ERR_TASK_LOCKED');
    case 'invalid':
      return new HttpError(400, error.message, 'ERR_VALIDATION');
    case 'rateLimited':
      return new HttpError(429, error.message, 'ERR_RATE_LIMITED');
    case 'mailFailed':
      return new HttpError(502, error.message, 'ERR_MAIL_FAILED');
  }
}

/**
 * The Assistant (issue 14), for managers: GET and POST /user-tasks, PATCH /user-tasks/support
 * and POST /user-tasks/send-support-request.
 */
const userTasks: FastifyPluginAsyncTypebox<{ mail: SupportMail }> = async (app, { mail }) => {
  app.get(
    '/user-tasks',
    { config: MANAGER, schema: listUserTasksSchema },
    async (request, reply) => {
      const data = await userTasksOf(app.repos, currentUser(request).id);
      void reply
        .header(TOTAL_ALL_HEADER, String(data.totalAll))
        .header(LEFT_TO_COMPLETE_HEADER, String(data.leftToComplete))
        .header('access-control-expose-headers', `${TOTAL_ALL_HEADER}, ${LEFT_TO_COMPLETE_HEADER}`);
      return { data };
    },
  );

  app.post(
    '/user-tasks',
    { config: MANAGER, schema: completeTaskSchema },
    async (request, reply) => {
      try {
        const { task, created } = await markTaskDone(
          app.repos,
          currentUser(request).id,
          request.body.assistantTaskId,
          request.body.applicationId ?? null,
        );
        return reply.code(created ? 201 : 200).send({ data: task });
      } catch (error) {
        throw error instanceof AssistantError ? httpErrorOf(error) : error;
      }
    },
  );

  app.patch(
    '/user-tasks/support',
    { config: MANAGER, schema: supportSettingSchema },
    async (request) => {
      const userId = currentUser(request).id;
      await app.repos.userTasks.setSupportNewTicket(userId, request.body.createNewTicket);
      return { data: supportCardOf(request.body.createNewTicket) };
    },
  );

  app.post(
    '/user-tasks/send-support-request',
    { config: MANAGER, schema: sendSupportRequestSchema },
    async (request, reply) => {
      try {
        const { id } = await sendSupportRequest(
          app.repos,
          mail,
          currentUser(request),
          request.body,
        );
        return reply.code(201).send({ id, message: SUPPORT_TEXTS.sent });
      } catch (error) {
        if (!(error instanceof AssistantError)) throw error;
        if (error.refusal === 'mailFailed') {
          request.log.error({ err: error.cause }, 'a support request could not be mailed');
        }
        if (error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw httpErrorOf(error);
      }
    },
  );
};

export default userTasks;
