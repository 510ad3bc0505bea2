import type { FastifyInstance } from 'fastify';
import type { StoreContext } from './context';
import { findUser } from './context';
import type { KeyPermissions } from './state';
import { KEY_PERMISSIONS } from './state';

type Body = Record<string, unknown> | undefined;

function isObject(body: unknown): body is Record<string, unknown> {
  return body != null && typeof body === 'object' && !Array.isArray(body);
}

/**
 * Test-only endpoints (SANDBOX_CONTROLS=1) of one store: take it offline, revoke or mint keys,
 * flip the multiple-user plugin or the Cloud POS plugin, reset it, read its state.
 */
export function storeControlRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.post<{ Body: Body }>('/_control/offline', async (request, reply) => {
    const offline = isObject(request.body) ? request.body.offline : undefined;
    if (typeof offline !== 'boolean') {
      return reply.status(400).send({ message: 'offline must be a boolean' });
    }
    ctx.state.offline = offline;
    return { offline };
  });

  app.post('/_control/revoke-keys', async () => {
    const revoked = ctx.state.keys().length;
    await ctx.state.deleteAllKeys();
    return { revoked };
  });

  app.post<{ Body: Body }>('/_control/keys', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const permissions = (body.permissions ?? 'read_write') as KeyPermissions;
    if (!KEY_PERMISSIONS.includes(permissions)) {
      return reply.status(400).send({ message: 'permissions must be read, write or read_write' });
    }
    const userId = body.user_id ?? 1;
    const user = typeof userId === 'number' ? findUser(ctx, userId) : undefined;
    if (!user) return reply.status(400).send({ message: 'user_id must be the id of a store user' });
    const key = await ctx.state.createKey({
      user_id: user.id,
      permissions,
      description: `Test key (${new Date(ctx.now()).toISOString()})`,
    });
    return reply.status(201).send(key);
  });

  app.post<{ Body: Body }>('/_control/multiple-user-plugin', async (request, reply) => {
    const active = isObject(request.body) ? request.body.active : undefined;
    if (typeof active !== 'boolean') {
      return reply.status(400).send({ message: 'active must be a boolean' });
    }
    await ctx.state.setMultipleUserPlugin(active);
    return { active };
  });

  app.post<{ Body: Body }>('/_control/pos-plugin', async (request, reply) => {
    const active = isObject(request.body) ? request.body.active : undefined;
    if (typeof active !== 'boolean') {
      return reply.status(400).send({ message: 'active must be a boolean' });
    }
    await ctx.state.setPosPlugin(active);
    return { active };
  });

  app.post('/_control/reset', async () => {
    await ctx.state.reset();
    await ctx.commerce.reset();
    return { reset: true };
  });

  app.get('/_control/state', async () => ({
    offline: ctx.state.offline,
    keys: ctx.state.keys().map((key) => ({
      key_id: key.key_id,
      user_id: key.user_id,
      permissions: key.permissions,
      truncated_key: key.truncated_key,
      description: key.description,
    })),
    multipleUserPluginActive: ctx.state.multipleUserPluginActive,
    posPluginActive: ctx.state.posPluginActive,
    cloudPosStationUrl: ctx.state.cloudPosStationUrl ?? null,
  }));
}
