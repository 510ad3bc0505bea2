import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { FEED_TYPES } from '../../repositories/activities';
import { authErrors, PageNumber, Nullable, Ref, StringEnum } from '../common';

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
