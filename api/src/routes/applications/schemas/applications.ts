// Schemas of the routes in ../index.ts: list, get, create, find-or-create, auth-status, delete.
import { Type } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, Ref } from '../../common';
import {
  applicationFields,
  ApplicationParams,
  ApplicationSchema,
  DataOf,
  HomeUrlSchema,
  managerErrors,
  NameSchema,
  TAGS,
} from './entities';

const ApplicationWithAuthorizeSchema = Type.Object(
  {
    ...applicationFields,
    authorizeUrl: Type.Optional(
      Type.String({ description: "The store's authorization page, when not yet authorized" }),
    ),
  },
  { additionalProperties: false },
);

export const listSchema = {
  tags: TAGS,
  summary: "The caller's applications, each verified one checked live against its store",
  response: {
    200: Type.Object(
      { list: Type.Array(Ref(ApplicationSchema)), error: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorAnswer,
  },
};

export const getSchema = {
  tags: TAGS,
  summary: 'One application, with the live WordPress user and station count when verified',
  params: ApplicationParams,
  response: { 200: DataOf(Ref(ApplicationSchema)), ...managerErrors },
};

export const CreateBody = Type.Object(
  { name: NameSchema, homeUrl: HomeUrlSchema },
  { additionalProperties: false },
);

export const createSchema = {
  tags: TAGS,
  summary: 'Creates an application for a WooCommerce site',
  body: CreateBody,
  response: {
    201: DataOf(Ref(ApplicationSchema)),
    ...authErrors,
    403: ErrorAnswer,
    409: ErrorAnswer,
  },
};

export const FindOrCreateBody = Type.Object(
  { homeUrl: HomeUrlSchema, forceValidation: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const findOrCreateSchema = {
  tags: TAGS,
  summary:
    "The caller's application for a site, created (named after the site) when missing; " +
    'starts an authorization when it is not verified',
  body: FindOrCreateBody,
  response: {
    200: DataOf(ApplicationWithAuthorizeSchema),
    ...authErrors,
    403: ErrorAnswer,
    409: ErrorAnswer,
  },
};

export const AuthStatusBody = Type.Object(
  {
    authInProgress: Type.Boolean(),
    returnPath: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'Dashboard path the store sends the browser back to (starts with one /)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const authStatusSchema = {
  tags: TAGS,
  summary: 'Starts (a new one-time token, 15 min) or drops an authorization through the store',
  params: ApplicationParams,
  body: AuthStatusBody,
  response: {
    200: DataOf(
      Type.Object(
        { authInProgress: Type.Boolean(), authorizeUrl: Type.Optional(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    ...managerErrors,
    409: ErrorAnswer,
  },
};

export const deleteSchema = {
  tags: TAGS,
  summary: 'Deletes an application and its invitations',
  params: ApplicationParams,
  response: { 204: Type.Null({ description: 'No content' }), ...managerErrors },
};
