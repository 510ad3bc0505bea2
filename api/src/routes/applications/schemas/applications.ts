// Schemas of the routes in ../index.ts: list, get, create, find-or-create, auth-status, delete.
import { Type } from '@sinclair/typebox';
import { MAX_STORE_URL_LENGTH } from '../../../services/store-url';
import { authErrors, ErrorAnswer, Nullable, Ref } from '../../common';
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
    429: ErrorAnswer,
  },
};

/** A dashboard path the store's wc-auth page sends the browser back to. */
const ReturnPathSchema = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'Dashboard path the store sends the browser back to (starts with one /)',
});

export const FindOrCreateBody = Type.Object(
  {
    homeUrl: HomeUrlSchema,
    storeOrigin: Type.String({
      minLength: 1,
      maxLength: MAX_STORE_URL_LENGTH,
      description:
        "Origin of the store's page that opened the onboarding popup (the origin of its " +
        '`parent-origin` message); it must be the origin of `homeUrl`',
    }),
    forceValidation: Type.Optional(Type.Boolean()),
    returnPath: Type.Optional(ReturnPathSchema),
  },
  { additionalProperties: false },
);

export const findOrCreateSchema = {
  tags: TAGS,
  summary:
    "The caller's application for a site, created (named after the site) when missing; " +
    'starts an authorization when it is not verified',
  description:
    "The onboarding popup's call: only the store whose own page opened the popup may be " +
    'found or created (`storeOrigin` must be the origin of `homeUrl`, else 403 ERR_STORE_ORIGIN).',
  body: FindOrCreateBody,
  response: {
    200: DataOf(ApplicationWithAuthorizeSchema),
    ...authErrors,
    403: ErrorAnswer,
    409: ErrorAnswer,
    429: ErrorAnswer,
  },
};

export const siteCheckSchema = {
  tags: TAGS,
  summary: "What a typed store URL's /wp-json/ index says about the site",
  description:
    'https:// is assumed when no scheme is typed. When the site answers under another home ' +
    'URL than the one typed (a pasted /wp-admin/ address, localhost for 127.0.0.1), `differs` ' +
    'is true and `siteUrl` is the address to offer instead.',
  querystring: Type.Object(
    { url: Type.String({ maxLength: MAX_STORE_URL_LENGTH + 8 }) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object(
      {
        url: Type.String({ description: 'The typed URL, normalised' }),
        siteUrl: Nullable(
          Type.String({ description: "The home URL the site's /wp-json/ index gives" }),
        ),
        differs: Type.Boolean({ description: '`siteUrl` is another site address than `url`' }),
        isWooCommerce: Type.Boolean({ description: 'wc/v3 is among the namespaces' }),
        name: Nullable(Type.String({ description: "The site's title" })),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorAnswer,
  },
};

export const AuthStatusBody = Type.Object(
  {
    authInProgress: Type.Boolean(),
    returnPath: Type.Optional(ReturnPathSchema),
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
  summary: 'Deletes an application and its invitations, and revokes its key on the store',
  description:
    'The store is let go of as Disconnect does: its webhooks deleted, its key revoked through the Cloud POS plugin. 204 when the application held no key; 200 with keyRevoked when it held one (false: the key is still active on the store, which the owner revokes in WooCommerce → Settings → Advanced → REST API). The delete stands either way.',
  params: ApplicationParams,
  response: {
    200: Type.Object(
      {
        keyRevoked: Type.Boolean({
          description: 'Whether the store revoked the key (false: revoke it in WooCommerce)',
        }),
      },
      { additionalProperties: false },
    ),
    204: Type.Null({ description: 'No content: the application held no key' }),
    ...managerErrors,
  },
};
