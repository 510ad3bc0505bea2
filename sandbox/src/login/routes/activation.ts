import type { FastifyInstance } from 'fastify';
import type { LoginContext } from '../context';
import { htmlPage } from '../context';
import { messagePage } from '../pages';
import type { UserRecord } from '../users';

/** Creates a fresh activation code for the account and mails its link. */
export async function sendActivation(ctx: LoginContext, user: UserRecord): Promise<void> {
  const code = await ctx.users.createActivationCode(user.id);
  const link = `${ctx.issuer()}/verify-email?code=${encodeURIComponent(code)}`;
  await ctx.mailer.send(user, link);
}

/** GET /verify-email?code=… — the link in the activation mail. */
export function activationRoutes(app: FastifyInstance, ctx: LoginContext): void {
  app.get<{ Querystring: { code?: string } }>('/verify-email', async (request, reply) => {
    const code = request.query.code;
    const user =
      typeof code === 'string' && code ? await ctx.users.consumeActivationCode(code) : null;
    const dashboard = { href: `${ctx.origins[0]}/`, label: 'Go to the dashboard' };
    if (!user) {
      return htmlPage(ctx, reply, 400).send(
        messagePage({
          title: 'Activation link not valid',
          tone: 'error',
          text: 'This activation link is invalid, was already used or has expired. Sign in and ask for a new one.',
          link: dashboard,
          supportUrl: ctx.supportUrl,
        }),
      );
    }
    return htmlPage(ctx, reply, 200).send(
      messagePage({
        title: 'Email verified',
        tone: 'success',
        text: `Thank you. ${user.email} is verified and your account is active.`,
        link: dashboard,
        supportUrl: ctx.supportUrl,
      }),
    );
  });
}
