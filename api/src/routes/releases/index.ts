import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CanaryPolicy } from '../../domain/releases/reports';
import { recordReleaseReport } from '../../domain/releases/reports';
import {
  promoteRelease,
  publishRelease,
  ReleaseError,
  rollbackRemote,
  withdrawCanary,
} from '../../domain/releases/registry';
import type { Release, ReleaseEvent, RemoteReleaseState } from '../../domain/releases/types';
import fastifyCookie from '@fastify/cookie';
import { TOKEN_COOKIE } from '../../cloud-pos/cookies';
import { HttpError, TooManyRequestsError, unauthorized } from '../../errors';
import { currentUser, userOfToken } from '../../plugins/auth';
import type { LiveShell } from '../../services/live-shell';
import {
  listReleasesSchema,
  liveMappingSchema,
  promoteReleaseSchema,
  publishReleaseSchema,
  reportSchema,
  rollbackSchema,
  withdrawCanarySchema,
} from './schema';

/** What the release routes need besides the repositories. */
export interface ReleaseRouteOptions {
  liveShell: LiveShell;
  canaryPolicy: CanaryPolicy;
}

/** How many releases of each remote the Releases page lists, and audit entries. */
const RELEASES_PER_REMOTE = 10;
const EVENTS_LISTED = 50;

const STATUS_OF: Record<ReleaseError['kind'], number> = {
  'not-found': 404,
  conflict: 409,
  incompatible: 409,
  'shell-unreadable': 502,
};

const CODE_OF: Record<ReleaseError['kind'], string> = {
  'not-found': 'ERR_NOT_FOUND',
  conflict: 'ERR_CONFLICT',
  incompatible: 'ERR_INCOMPATIBLE',
  'shell-unreadable': 'ERR_SHELL_UNREADABLE',
};

/** A domain refusal as its HTTP answer; anything else as it is. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReleaseError) {
      throw new HttpError(STATUS_OF[error.kind], error.message, CODE_OF[error.kind]);
    }
    throw error;
  }
}

/** The signed-in admin, as the audit names them. */
const actorOf = (request: Parameters<typeof currentUser>[0]): string => {
  const user = currentUser(request);
  return user.email ?? user.id;
};

/**
 * The release registry (issue 31): the admins' routes under /admin-panel/releases, the live
 * mapping the shell's server builds remotes.json from, and the shell's load beacon.
 */
const releases: FastifyPluginAsyncTypebox<ReleaseRouteOptions> = async (app, options) => {
  await app.register(fastifyCookie);
  // navigator.sendBeacon(url, string) sends text/plain; its content is still our JSON. Scoped to
  // this plugin, as the session's beacon does.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'body must be JSON', 'ERR_VALIDATION'), undefined);
    }
  });

  const withState = (state: RemoteReleaseState, event: ReleaseEvent | null) => ({
    ...state,
    event,
  });

  app.get(
    '/admin-panel/releases',
    { config: { access: 'admin' }, schema: listReleasesSchema },
    async () => {
      const [states, recent, events] = await Promise.all([
        app.repos.remoteReleases.states(),
        app.repos.remoteReleases.recent(RELEASES_PER_REMOTE),
        app.repos.remoteReleases.events(EVENTS_LISTED),
      ]);
      // The live, canary and previous releases are listed even when older than the newest ten.
      const listed = new Set(recent.map((release) => release.id));
      const pinned = states.flatMap((state) =>
        [state.liveReleaseId, state.canaryReleaseId, state.previousReleaseId].filter(
          (id): id is string => id !== null && !listed.has(id),
        ),
      );
      const all = [...recent, ...(await app.repos.remoteReleases.findMany(pinned))];
      const byRemote = new Map<string, Release[]>();
      for (const release of all) {
        byRemote.set(release.remote, [...(byRemote.get(release.remote) ?? []), release]);
      }
      const names = [...new Set([...byRemote.keys(), ...states.map((state) => state.remote)])];
      return {
        remotes: names.sort().map((remote) => {
          const state = states.find((candidate) => candidate.remote === remote);
          return {
            remote,
            liveReleaseId: state?.liveReleaseId ?? null,
            previousReleaseId: state?.previousReleaseId ?? null,
            canaryReleaseId: state?.canaryReleaseId ?? null,
            canaryShare: state?.canaryShare ?? 0,
            releases: (byRemote.get(remote) ?? []).sort((a, b) =>
              b.publishedAt.localeCompare(a.publishedAt),
            ),
          };
        }),
        events,
      };
    },
  );

  app.post(
    '/admin-panel/releases',
    { config: { access: 'admin' }, schema: publishReleaseSchema },
    async (request, reply) => {
      const { release, created } = await publishRelease(app.repos, request.body, actorOf(request));
      return reply.code(created ? 201 : 200).send(release);
    },
  );

  app.post(
    '/admin-panel/releases/:id/promote',
    { config: { access: 'admin' }, schema: promoteReleaseSchema },
    async (request) =>
      answering(async () => {
        const { state, event } = await promoteRelease(app.repos, options.liveShell, {
          releaseId: request.params.id,
          share: request.body.share,
          actor: actorOf(request),
        });
        return withState(state, event);
      }),
  );

  app.post(
    '/admin-panel/releases/remotes/:remote/rollback',
    { config: { access: 'admin' }, schema: rollbackSchema },
    async (request) =>
      answering(async () => {
        const { state, event } = await rollbackRemote(app.repos, {
          remote: request.params.remote,
          actor: actorOf(request),
        });
        return withState(state, event);
      }),
  );

  app.post(
    '/admin-panel/releases/remotes/:remote/withdraw-canary',
    { config: { access: 'admin' }, schema: withdrawCanarySchema },
    async (request) =>
      answering(async () => {
        const { state, event } = await withdrawCanary(app.repos, {
          remote: request.params.remote,
          actor: actorOf(request),
        });
        return withState(state, event);
      }),
  );

  app.get(
    '/releases/live',
    { config: { access: 'public' }, schema: liveMappingSchema },
    async () => {
      const mapping = await app.repos.remoteReleases.liveMapping();
      return {
        remotes: mapping.flatMap(({ remote, live, canary }) =>
          live
            ? [
                {
                  name: remote,
                  release: live.id,
                  entry: live.entry,
                  // Absent for a release recorded without slots: remotes.json's stay.
                  ...(live.slots ? { slots: live.slots } : {}),
                  canary: canary
                    ? {
                        release: canary.id,
                        entry: canary.entry,
                        share: canary.share,
                        ...(canary.slots ? { slots: canary.slots } : {}),
                      }
                    : null,
                },
              ]
            : [],
        ),
      };
    },
  );

  app.post(
    '/releases/reports',
    { config: { access: 'public' }, schema: reportSchema },
    async (request, reply) => {
      // Only signed-in browsers report (the session cookie the shell's origin sends with the
      // beacon), each at most a few times a release: a stranger cannot withdraw a canary.
      const token = request.cookies[TOKEN_COOKIE];
      const signedIn = token ? await userOfToken(app.verifyProviderToken, app.repos, token) : null;
      if (!signedIn) throw unauthorized();
      const { remote, release, outcome } = request.body;
      const refused = await app.rateLimits.releaseReported(signedIn.user.id, release, request.ip);
      if (refused) throw new TooManyRequestsError(refused.message, refused.retryAfterSeconds);
      const withdrawal = await recordReleaseReport(app.repos, options.canaryPolicy, {
        remote,
        releaseId: release,
        outcome,
      });
      if (withdrawal) {
        request.log.warn(
          {
            remote: withdrawal.remote,
            release: withdrawal.fromReleaseId,
            reason: withdrawal.reason,
          },
          'canary withdrawn automatically',
        );
        // The shell's server keeps the live mapping for a second: this tells it the mapping
        // changed, so the next start loads the previous build (scripts/static-server.mjs).
        reply.header('x-live-releases-changed', '1');
      }
      return reply.code(202).send(null);
    },
  );
};

export default releases;
