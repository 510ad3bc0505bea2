import { Type } from '@sinclair/typebox';
import { authErrors, ErrorAnswer } from '../common';

export const liveTicketSchema = {
  tags: ['live'],
  summary:
    "A one-minute ticket that opens the caller's live stream (an EventSource sends no bearer)",
  description:
    'Limited per account and per client address (429 ERR_RATE_LIMITED with Retry-After).',
  response: {
    200: Type.Object(
      {
        ticket: Type.String(),
        expiresAt: Type.String({ description: 'ISO-8601 time the ticket stops opening a stream' }),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    429: ErrorAnswer,
  },
};

export const LiveStreamQuery = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 2048 }),
    lastEventId: Type.Optional(
      Type.String({
        pattern: '^\\d{1,15}$',
        description: 'Replay the events after this id (for a client that re-tickets)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const liveStreamSchema = {
  tags: ['live'],
  summary: "The caller's live events (text/event-stream): orders and activity",
  description:
    "Server-sent events: `event: orders` with {applicationId} when an application's orders " +
    'changed, `event: activity` with the Activity when an entry was added; every event has ' +
    'an id, Last-Event-ID (header) or lastEventId replays the ones after it; when that event ' +
    'is no longer kept (an hour) or unknown, `event: reset` tells the client to reload ' +
    "everything. A ticket opens one stream. Ends when the ticket's session ends (the " +
    "bearer's exp or nra, the earlier) or, at a heartbeat, once the user is banned.",
  security: [],
  querystring: LiveStreamQuery,
  produces: ['text/event-stream'],
  response: {
    200: Type.String({ description: 'text/event-stream' }),
    400: ErrorAnswer,
    401: ErrorAnswer,
    402: ErrorAnswer,
  },
};
