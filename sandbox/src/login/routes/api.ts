import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginContext } from '../context';
import { bodyString } from '../context';
import { TokenRejected } from '../tokens';
import { toPublicUser } from '../users';
import { sendActivation } from './activation';

const CORS_PATHS = ['/refresh', '/verify'];

/** Answers CORS for the listed dashboard origins only; returns false for any other origin. */
function allowOrigin(ctx: LoginContext, request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  reply.header('vary', 'Origin');
  if (typeof origin !== 'string' || !ctx.origins.includes(origin)) return false;
  reply.header('access-control-allow-origin', origin);
  return true;
}

function requireToken(body: unknown): string | undefined {
  const token = bodyString(body, 'token');
  return token && token.trim() ? token.trim() : undefined;
}

/** The provider's JSON API: JWKS, refresh, verify, logout, resend-activation. */
export function apiRoutes(app: FastifyInstance, ctx: LoginContext): void {
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [ctx.keys.publicJwk] }),
  );

  for (const path of CORS_PATHS) {
    app.options(path, async (request, reply) => {
      if (!allowOrigin(ctx, request, reply)) {
        return reply.status(403).send({ message: 'Origin not allowed' });
      }
      return reply
        .status(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'Content-Type')
        .header('access-control-max-age', '600')
        .send();
    });
  }

  app.post('/refresh', async (request, reply) => {
    allowOrigin(ctx, request, reply);
    const token = requireToken(request.body);
    if (!token) return reply.status(400).send({ message: 'token is required' });
    try {
      const claims = await ctx.tokens.verifyRefreshable(token);
      const user = ctx.users.findById(claims.sub);
      if (!user) return reply.status(401).send({ message: 'User not found' });
      return { token: await ctx.tokens.issue(user, claims) };
    } catch (error) {
      if (error instanceof TokenRejected) return reply.status(401).send({ message: error.message });
      throw error;
    }
  });

  // The back-channel logout a dashboard's server sends when its user signs out: the token's
  // session ends here too, so no token of it refreshes or verifies again. Holding the token
  // is the right to end its session, as it is the right to refresh it; an expired one will do.
  app.post('/logout', async (request, reply) => {
    const token = requireToken(request.body);
    if (!token) return reply.status(400).send({ message: 'token is required' });
    try {
      const claims = await ctx.tokens.verifySigned(token);
      ctx.sessions.end(claims.sid, claims.nra);
      return reply.header('cache-control', 'no-store').status(204).send();
    } catch (error) {
      if (error instanceof TokenRejected) return reply.status(401).send({ message: error.message });
      throw error;
    }
  });

  app.post('/verify', async (request, reply) => {
    allowOrigin(ctx, request, reply);
    const token = requireToken(request.body);
    if (!token) return reply.status(400).send({ success: false, message: 'token is required' });
    try {
      const claims = await ctx.tokens.verifyAccess(token);
      const user = ctx.users.findById(claims.sub);
      if (!user) return reply.status(401).send({ success: false, message: 'User not found' });
      return { success: true, user: toPublicUser(user) };
    } catch (error) {
      if (error instanceof TokenRejected) {
        return reply.status(401).send({ success: false, message: error.message });
      }
      throw error;
    }
  });

  app.post('/resend-activation', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return reply.status(401).send({ message: 'Bearer token required' });
    let userId: string;
    try {
      userId = (await ctx.tokens.verifyAccess(match[1])).sub;
    } catch (error) {
      if (error instanceof TokenRejected) return reply.status(401).send({ message: error.message });
      throw error;
    }
    const user = ctx.users.findById(userId);
    if (!user) return reply.status(401).send({ message: 'User not found' });
    try {
      await sendActivation(ctx, user);
    } catch (error) {
      console.warn(`login provider: activation mail not sent: ${(error as Error).message}`);
      return reply.status(502).send({ message: 'The activation email could not be sent' });
    }
    return { sent: true };
  });
}
