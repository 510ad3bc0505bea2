import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginContext } from '../context';
import {
  bodyString,
  currentSession,
  htmlPage,
  passThroughQuery,
  redirectWithToken,
  registerPath,
} from '../context';
import { messagePage, signInPage } from '../pages';

export const UNKNOWN_ORIGIN = 'Unknown application origin';
export const INCORRECT_CREDENTIALS = 'Incorrect email or password';

/** Refuses an origin that is not one of the dashboards the provider serves. */
export function refuseUnknownOrigin(ctx: LoginContext, reply: FastifyReply): FastifyReply {
  return htmlPage(ctx, reply, 400).send(
    messagePage({
      title: UNKNOWN_ORIGIN,
      tone: 'error',
      text: 'This sign-in link does not belong to an application we know. Go back to the dashboard and try again.',
      supportUrl: ctx.supportUrl,
    }),
  );
}

export function refuseUnknownProduct(ctx: LoginContext, reply: FastifyReply): FastifyReply {
  return htmlPage(ctx, reply, 400).send(
    messagePage({
      title: 'Unknown product',
      tone: 'error',
      text: 'This sign-in link is for a product we do not know.',
      supportUrl: ctx.supportUrl,
    }),
  );
}

type SignInRoute = { Params: { origin: string }; Querystring: { product?: string } };

/** GET and POST /need-access/:origin — the sign-in page and its form. */
export function signInRoutes(app: FastifyInstance, ctx: LoginContext): void {
  const render = (
    reply: FastifyReply,
    status: number,
    origin: string,
    url: string,
    view: { email?: string; error?: string; continueAs?: { name: string; email: string } },
  ) =>
    htmlPage(ctx, reply, status).send(
      signInPage({
        action: url,
        registerHref: registerPath(origin, passThroughQuery(url, ['product', 'origin'])),
        supportUrl: ctx.supportUrl,
        ...view,
      }),
    );

  app.get<SignInRoute>('/need-access/:origin', async (request, reply) => {
    const { origin } = request.params;
    if (!ctx.origins.includes(origin)) return refuseUnknownOrigin(ctx, reply);
    const product = request.query.product;
    if (product !== undefined && product !== 'pos') return refuseUnknownProduct(ctx, reply);
    const signedIn = currentSession(ctx, request);
    const continueAs = signedIn && { name: signedIn.user.name, email: signedIn.user.email };
    return render(reply, 200, origin, request.url, { continueAs });
  });

  app.post<SignInRoute>('/need-access/:origin', async (request, reply) => {
    const { origin } = request.params;
    if (!ctx.origins.includes(origin)) return refuseUnknownOrigin(ctx, reply);
    const product = request.query.product;
    if (product !== undefined && product !== 'pos') return refuseUnknownProduct(ctx, reply);
    const extra = passThroughQuery(request.url, ['product']);
    const signedIn = currentSession(ctx, request);

    if (bodyString(request.body, 'continue') === '1') {
      if (signedIn) return redirectWithToken(ctx, reply, signedIn.user, origin, extra, signedIn);
      return render(reply, 401, origin, request.url, {
        error: 'Your session has ended. Please sign in again.',
      });
    }

    const email = (bodyString(request.body, 'email') ?? '').trim();
    const password = bodyString(request.body, 'password') ?? '';
    if (!email || !password) {
      return render(reply, 400, origin, request.url, {
        email,
        error: 'Enter your email and password',
      });
    }
    // Refused before the password is looked at: past the limit even the right one is refused.
    const refusal = await ctx.limits.signInRefusal(email, request.ip);
    if (refusal) {
      reply.header('retry-after', String(refusal.retryAfterSeconds));
      return render(reply, 429, origin, request.url, { email, error: refusal.message });
    }
    const user = await ctx.users.checkPassword(email, password);
    if (!user) {
      await ctx.limits.signInFailed(email, request.ip);
      return render(reply, 401, origin, request.url, { email, error: INCORRECT_CREDENTIALS });
    }
    await ctx.limits.signedIn(email);
    if (signedIn) ctx.sessions.delete(signedIn.id);
    return redirectWithToken(ctx, reply, user, origin, extra);
  });
}
