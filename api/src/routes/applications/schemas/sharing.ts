// Schemas of the routes in ../sharing.ts: user accounts and invitations.
import { Type } from '@sinclair/typebox';
import { ErrorAnswer, PageNumber, Ref } from '../../common';
import { ApplicationParams, managerErrors, SharedUserSchema, TAGS } from './entities';

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
