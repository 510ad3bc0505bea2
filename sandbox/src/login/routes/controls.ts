import type { FastifyInstance } from 'fastify';
import type { LoginContext } from '../context';
import type { UserPatch } from '../users';
import { toPublicUser } from '../users';

type ControlBody = {
  isAdmin?: unknown;
  isVerified?: unknown;
  name?: unknown;
  password?: unknown;
  accessTokenTtl?: unknown;
  refreshWindowTtl?: unknown;
};

const MAX_TTL_SECONDS = 365 * 24 * 60 * 60;
const isTtl = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_TTL_SECONDS;

function readPatch(body: ControlBody): UserPatch | string {
  const patch: UserPatch = {};
  if (body.isAdmin !== undefined) {
    if (typeof body.isAdmin !== 'boolean') return 'isAdmin must be a boolean';
    patch.isAdmin = body.isAdmin;
  }
  if (body.isVerified !== undefined) {
    if (typeof body.isVerified !== 'boolean') return 'isVerified must be a boolean';
    patch.isVerified = body.isVerified;
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || !body.name.trim())
      return 'name must be a non-empty string';
    patch.name = body.name;
  }
  for (const key of ['accessTokenTtl', 'refreshWindowTtl'] as const) {
    if (body[key] === undefined) continue;
    if (!isTtl(body[key])) return `${key} must be a whole number of seconds from 1 to a year`;
    patch.tokenLifetimes = { ...patch.tokenLifetimes, [key]: body[key] };
  }
  return patch;
}

/**
 * Test-only endpoints (enabled by SANDBOX_CONTROLS=1): change or remove an account so tests
 * can watch the dashboard react. A POST for an unknown email with name and password creates it.
 */
export function controlRoutes(app: FastifyInstance, ctx: LoginContext): void {
  app.post<{ Params: { email: string }; Body: ControlBody | undefined }>(
    '/_control/users/:email',
    async (request, reply) => {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        return reply.status(400).send({ message: 'Body must be a JSON object' });
      }
      const patch = readPatch(body);
      if (typeof patch === 'string') return reply.status(400).send({ message: patch });
      const existing = ctx.users.findByEmail(request.params.email);
      if (existing) {
        const updated = await ctx.users.update(existing.id, patch);
        return updated
          ? toPublicUser(updated)
          : reply.status(404).send({ message: 'No such user' });
      }
      if (typeof body.password !== 'string' || body.password.length < 8 || !patch.name) {
        return reply
          .status(404)
          .send({ message: 'No such user; give name and password (8+ characters) to create one' });
      }
      const created = await ctx.users.create({
        email: request.params.email,
        name: patch.name,
        password: body.password,
        isAdmin: patch.isAdmin,
        isVerified: patch.isVerified,
        tokenLifetimes: patch.tokenLifetimes,
      });
      return reply.status(201).send(toPublicUser(created));
    },
  );

  app.delete<{ Params: { email: string } }>('/_control/users/:email', async (request, reply) => {
    const user = ctx.users.findByEmail(request.params.email);
    if (!user) return reply.status(404).send({ message: 'No such user' });
    await ctx.users.delete(user.id);
    ctx.sessions.deleteForUser(user.id);
    return reply.status(204).send();
  });
}
