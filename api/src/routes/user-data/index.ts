import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { UserRow } from '../../db/types';
import type { RouteOptions } from '../options';
import { getUserDataSchema, resendActivationSchema, type UserData } from './schema';

/** The caller's profile as GET /user-data (and GET /viewer's `user`) answers it. */
export function userDataOf(user: UserRow): UserData {
  return {
    fullName: user.full_name,
    email: user.email,
    isVerified: user.is_verified === 1,
    registeredAt: user.created_at,
  };
}

/** GET /user-data and POST /resend-activation-email. */
const userData: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  app.get(
    '/user-data',
    { config: { access: 'user-or-banned' }, schema: getUserDataSchema },
    async (request) => userDataOf(currentUser(request)),
  );

  app.post(
    '/resend-activation-email',
    { schema: resendActivationSchema },
    async (request, reply) => {
      try {
        await options.loginProvider.resendActivation(request.bearerToken ?? '');
      } catch (error) {
        request.log.warn({ err: error }, 'resend-activation failed');
        throw new HttpError(
          502,
          'The activation email could not be sent. Please try again later.',
          'ERR_PROVIDER',
        );
      }
      return reply.code(204).send(null);
    },
  );
};

export default userData;
