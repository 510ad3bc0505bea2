import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { FEED_TYPES } from '../../repositories/activities';
import { authErrors, ErrorAnswer, PageNumber, Nullable, Ref, StringEnum } from '../common';

/** Page size of the activity feed (spec 9). */
export const ACTIVITY_PAGE_SIZE = 25;

const FeedTypeSchema = StringEnum(FEED_TYPES, { description: 'Kind of event' });

export const ActivitySchema = Type.Object(
  {
    id: Type.String(),
    owner: Type.String({ description: 'Id of the user the entry belongs to' }),
    name: Type.String(),
    createdAt: Type.String({ description: 'ISO-8601 time' }),
    link: Nullable(Type.String()),
    linkName: Nullable(Type.String()),
    feedType: FeedTypeSchema,
  },
  { $id: 'Activity', additionalProperties: false },
);
/** One entry of the activity feed as the api returns it. */
export type Activity = Static<typeof ActivitySchema>;

export const ActivitiesQuery = Type.Object(
  {
    page: PageNumber(),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: ACTIVITY_PAGE_SIZE }),
  },
  { additionalProperties: false },
);

export const NewActivityBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    feedType: FeedTypeSchema,
  },
  { additionalProperties: false },
);
export type NewActivityBody = Static<typeof NewActivityBody>;

export const listActivitiesSchema = {
  tags: ['activities'],
  summary: "A page of the caller's activity feed, newest first",
  querystring: ActivitiesQuery,
  response: {
    200: Type.Object(
      { data: Type.Array(Ref(ActivitySchema)), totalAll: Type.Integer() },
      { additionalProperties: false },
    ),
    ...authErrors,
  },
};

export const createActivitySchema = {
  tags: ['activities'],
  summary: "Adds an entry to the caller's activity feed",
  body: NewActivityBody,
  response: {
    201: Type.Object({ id: Type.String() }, { additionalProperties: false }),
    ...authErrors,
  },
};

export const VerifyActivitiesQuery = Type.Object(
  {
    full: Type.Boolean({
      default: false,
      description:
        'Read the whole chain from its first entry instead of from the last verified checkpoint',
    }),
  },
  { additionalProperties: false },
);

export const verifyActivitiesSchema = {
  tags: ['activities'],
  summary: "Recomputes the caller's activity hash chain and reports the first broken entry",
  description:
    'Managers only, one run per user every 10 s (429 with Retry-After otherwise, on any ' +
    'instance). A run starts after the last entry an earlier run found intact (the ' +
    'checkpoint) unless full=true; an entry changed before the checkpoint is found by a full run.',
  querystring: VerifyActivitiesQuery,
  response: {
    200: Type.Object(
      {
        ok: Type.Boolean(),
        checked: Type.Integer({
          description: 'Entries known to hold: up to the checkpoint, then the ones read',
        }),
        read: Type.Integer({ description: 'Entries this run read' }),
        fromSeq: Type.Integer({
          description: 'The checkpoint the run started after (0: from the first entry)',
        }),
        firstBroken: Nullable(
          Type.Object(
            { id: Type.String(), createdAt: Type.String() },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorAnswer,
    429: ErrorAnswer,
  },
};

const Day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

export const ExportActivitiesQuery = Type.Object(
  {
    from: Day('First day (YYYY-MM-DD) in tz'),
    to: Day('Last day (YYYY-MM-DD) in tz, at most 366 days after from'),
    tz: Type.String({
      minLength: 1,
      maxLength: 64,
      default: 'UTC',
      description: 'IANA time zone of the days',
    }),
  },
  { additionalProperties: false },
);

export const exportActivitiesSchema = {
  tags: ['activities'],
  summary: "The caller's activity entries of a period as CSV, oldest first (managers)",
  description:
    'text/csv; header createdAt,feedType,name,link,linkName,seq,hash,prevHash,owner; cells starting with ' +
    "= + - @ are prefixed with '.",
  querystring: ExportActivitiesQuery,
  produces: ['text/csv'],
  response: {
    200: Type.String({ description: 'CSV (RFC 4180)' }),
    ...authErrors,
    403: ErrorAnswer,
  },
};
