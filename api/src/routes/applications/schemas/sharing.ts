// Schemas of the routes in ../sharing.ts: user accounts, the WordPress user, invitations and the
// entry details of a POS station.
import { Type } from '@sinclair/typebox';
import { ErrorAnswer, Nullable, PageNumber, Ref } from '../../common';
import {
  ApplicationParams,
  DataOf,
  managerErrors,
  SharedUserSchema,
  TAGS,
  WpUserSchema,
} from './entities';

export const userAccountsSchema = {
  tags: TAGS,
  summary: "A page of the store's POS users: dashboard users (pos) and WordPress-only ones (wp)",
  description: 'The header x-biz-total-all carries the store total.',
  params: ApplicationParams,
  querystring: Type.Object(
    { page: PageNumber(), limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object(
      {
        userAccounts: Type.Object(
          { pos: Type.Array(Ref(SharedUserSchema)), wp: Type.Array(Ref(SharedUserSchema)) },
          { additionalProperties: false },
        ),
        isMultiplePluginActive: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorAnswer,
    502: ErrorAnswer,
  },
};

export const getWpUserSchema = {
  tags: TAGS,
  summary: 'The WordPress account an application is connected with',
  querystring: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: 64, description: 'Application id' }) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object(
      {
        result: Type.Object(
          { wpUser: Nullable(Ref(WpUserSchema)) },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
  },
};

const Ignored = Type.Optional(
  Type.String({ maxLength: 500, description: 'Accepted for old clients; the store is asked' }),
);

export const SendInviteBody = Type.Object(
  {
    applicationId: Type.String({ minLength: 1, maxLength: 64 }),
    wpUserId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    wordPressUsername: Ignored,
    ssoUserFullName: Ignored,
    appName: Ignored,
    email: Ignored,
    userName: Ignored,
  },
  { additionalProperties: false },
);

export const sendInviteSchema = {
  tags: TAGS,
  summary: 'Sends a WordPress user of the store an invitation (at most 3 per user)',
  body: SendInviteBody,
  response: {
    200: Type.Object(
      { message: Type.String(), invitationCount: Type.Integer() },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorAnswer,
    429: ErrorAnswer,
    502: ErrorAnswer,
  },
};

export const entryDetailsSchema = {
  tags: TAGS,
  summary: 'What a POS station needs to start: the application, the station and the user',
  description:
    'For the owner or a user the store lists. `stationSlug` is a cloud POS slug, or the ' +
    "numeric id of a station without one. 403 while the owner's stations are held: " +
    'ERR_OWNER_BANNED when the owner is blocked, ERR_PLAN_LIMIT_REACHED while their plan is ' +
    'at its order limit.',
  params: ApplicationParams,
  querystring: Type.Object(
    { stationSlug: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })) },
    { additionalProperties: false },
  ),
  response: {
    200: DataOf(
      Type.Object(
        {
          application: Type.Object(
            { id: Type.String(), name: Type.String(), slug: Type.String(), homeUrl: Type.String() },
            { additionalProperties: false },
          ),
          station: Nullable(
            Type.Object(
              { posID: Type.String(), name: Type.String(), url: Type.String() },
              { additionalProperties: false },
            ),
          ),
          user: Type.Object(
            { fullName: Nullable(Type.String()), email: Nullable(Type.String()) },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    ...managerErrors,
    502: ErrorAnswer,
  },
};
