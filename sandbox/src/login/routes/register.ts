import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginContext } from '../context';
import {
  bodyString,
  currentSession,
  htmlPage,
  passThroughQuery,
  redirectWithToken,
  signInPath,
} from '../context';
import type { RegisterErrors, RegisterFields } from '../pages';
import { registerPage } from '../pages';
import type { UserRecord } from '../users';
import { DuplicateEmailError } from '../users';
import { sendActivation } from './activation';
import { refuseUnknownOrigin, refuseUnknownProduct } from './signIn';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

function validate(name: string, email: string, password: string): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!name) errors.name = 'Enter your full name';
  else if (name.length > 100) errors.name = 'Full name must be at most 100 characters';
  if (!email) errors.email = 'Enter your email address';
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    errors.email = 'Enter a valid email address, like name@example.com';
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  } else if (password.length > 200) {
    errors.password = 'Password must be at most 200 characters';
  }
  return errors;
}

type RegisterRoute = { Querystring: { product?: string; origin?: string } };

/** GET and POST /need-register — create an account, send its activation mail, sign in. */
export function registerRoutes(app: FastifyInstance, ctx: LoginContext): void {
  const resolveOrigin = (origin: string | undefined) =>
    origin === undefined ? ctx.origins[0] : ctx.origins.find((known) => known === origin);

  const render = (
    reply: FastifyReply,
    status: number,
    origin: string,
    url: string,
    values?: RegisterFields,
    errors?: RegisterErrors,
    error?: string,
  ) =>
    htmlPage(ctx, reply, status).send(
      registerPage({
        action: url,
        signInHref: signInPath(origin, passThroughQuery(url, ['product', 'origin'])),
        values,
        errors,
        error,
        supportUrl: ctx.supportUrl,
      }),
    );

  app.get<RegisterRoute>('/need-register', async (request, reply) => {
    const origin = resolveOrigin(request.query.origin);
    if (!origin) return refuseUnknownOrigin(ctx, reply);
    const product = request.query.product;
    if (product !== undefined && product !== 'pos') return refuseUnknownProduct(ctx, reply);
    return render(reply, 200, origin, request.url);
  });

  app.post<RegisterRoute>('/need-register', async (request, reply) => {
    const origin = resolveOrigin(request.query.origin);
    if (!origin) return refuseUnknownOrigin(ctx, reply);
    const product = request.query.product;
    if (product !== undefined && product !== 'pos') return refuseUnknownProduct(ctx, reply);

    const name = (bodyString(request.body, 'name') ?? '').trim();
    const email = (bodyString(request.body, 'email') ?? '').trim().toLowerCase();
    const password = bodyString(request.body, 'password') ?? '';
    const values = { name, email };
    // Every attempt counts (an answer tells whether an email has an account).
    const refusal = await ctx.limits.registerRefusal(email, request.ip);
    if (refusal) {
      reply.header('retry-after', String(refusal.retryAfterSeconds));
      return render(reply, 429, origin, request.url, values, {}, refusal.message);
    }
    const errors = validate(name, email, password);
    if (Object.keys(errors).length) return render(reply, 400, origin, request.url, values, errors);
    const taken = () =>
      render(reply, 409, origin, request.url, values, {
        email: 'An account with this email already exists. Sign in instead.',
      });
    if (ctx.users.findByEmail(email)) return taken();

    let user: UserRecord;
    try {
      user = await ctx.users.create({ name, email, password });
    } catch (error) {
      if (error instanceof DuplicateEmailError) return taken();
      throw error;
    }
    await sendActivation(ctx, user).catch((error: Error) => {
      // The account exists either way; the person can ask for the mail again later.
      console.warn(`login provider: activation mail not sent: ${error.message}`);
    });
    const signedIn = currentSession(ctx, request);
    if (signedIn) ctx.sessions.delete(signedIn.id);
    return redirectWithToken(
      ctx,
      reply,
      user,
      origin,
      passThroughQuery(request.url, ['product', 'origin']),
    );
  });
}
