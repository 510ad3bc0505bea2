import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { banned, HttpError, unauthorized } from '../../errors';
import { serveLiveStream } from '../../live/stream';
import { issueLiveTicket, readLiveTicket, spendLiveTicket } from '../../live/ticket';
import { sessionKeyOf } from '../../domain/sessions/ended';
import { currentUser } from '../../plugins/auth';
import type { RouteOptions } from '../options';
import { countAttempt } from '../rate-limits';
import { liveStreamSchema, liveTicketSchema } from './schema';

const LAST_EVENT_ID = /^\d{1,15}$/;

/** POST /live/ticket and GET /live/stream (issue 12 §5). */
const live: FastifyPluginAsyncTypebox<Pick<RouteOptions, 'signingKeys' | 'issuer'>> = async (
  app,
  { signingKeys, issuer },
) => {
  app.post('/live/ticket', { schema: liveTicketSchema }, async (request) => {
    const user = currentUser(request);
    await countAttempt(app, request, 'liveTicket');
    // The stream lasts as long as the session of the bearer token that asked for it: its exp,
    // or its nra when that comes first (the verifier honours no token past nra).
    // A logout ends it sooner: the ticket names the session, which the stream keeps checking.
    const claims = request.claims;
    if (!claims) throw unauthorized();
    return issueLiveTicket(await signingKeys.signing(), issuer, user.id, {
      endsAt: Math.min(claims.exp, claims.nra) * 1000,
      key: sessionKeyOf(claims),
    });
  });

  app.get(
    '/live/stream',
    { config: { access: 'public' }, schema: liveStreamSchema },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const given =
        typeof header === 'string' && header !== '' ? header : request.query.lastEventId;
      if (given !== undefined && !LAST_EVENT_ID.test(given)) {
        throw new HttpError(400, 'Last-Event-ID must be an event id', 'ERR_VALIDATION');
      }
      const ticket = await readLiveTicket(signingKeys, issuer, request.query.ticket);
      if (!ticket || ticket.sessionEndsAt <= Date.now()) throw unauthorized();
      const signedOut = () => app.repos.endedSessions.isEnded(ticket.sessionKey);
      const user = await app.repos.users.findById(ticket.userId);
      if (!user || (await signedOut())) throw unauthorized();
      if (user.block === 'block') throw banned();
      // One stream per ticket, across instances: a ticket seen again is refused.
      if (!(await spendLiveTicket(app.database.db, ticket))) throw unauthorized();
      // From here the socket is the stream's: Fastify neither serialises nor compresses it.
      reply.hijack();
      try {
        await serveLiveStream(reply.raw, {
          db: app.database.db,
          hub: app.live,
          userId: user.id,
          lastEventId: given === undefined ? null : Number(given),
          endsAt: ticket.sessionEndsAt,
          heartbeatMs: app.live.heartbeatMs,
          // A user banned, or a session signed out, while streaming is cut off at the next
          // heartbeat.
          stillAllowed: async () =>
            (await app.repos.users.findById(user.id))?.block !== 'block' && !(await signedOut()),
        });
      } catch (error) {
        request.log.error({ err: error }, 'the live stream failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500);
        reply.raw.end();
      }
    },
  );
};

export default live;
