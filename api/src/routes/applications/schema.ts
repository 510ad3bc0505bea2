import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MAX_STORE_URL_LENGTH } from '../../services/store-url';
import { authErrors, ErrorSchema, Nullable, PageNumber, StringEnum } from '../common';

const TAGS = ['applications'];

/** Longest application name (after trimming). */
export const NAME_MAX_LENGTH = 100;

export const WpUserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    name: Type.String(),
    roles: Type.Array(Type.String()),
  },
  { additionalProperties: false, description: 'A WordPress user of the store' },
);

const applicationFields = {
  id: Type.String(),
  name: Type.String(),
  homeUrl: Type.String(),
  slug: Type.String(),
  authType: StringEnum(['account', 'keys']),
  authInProgress: Type.Boolean({ description: 'An unexpired authorization token exists' }),
  consumerKey: Nullable(Type.String({ description: 'Masked (spec 5)' })),
  consumerSecret: Nullable(Type.String({ description: 'Masked (spec 5)' })),
  keysFail: Type.Object(
    { hasError: Type.Boolean(), displayError: Nullable(Type.String()) },
    { additionalProperties: false },
  ),
  isVerifiedAuth: Type.Boolean(),
  quickLaunchPOSId: Nullable(Type.String()),
  wpUser: Nullable(WpUserSchema),
  stationsCount: Nullable(
    Type.Integer({ description: 'Live from the store on the detail; null in lists' }),
  ),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  error: Type.Optional(
    Type.Object(
      { message: Type.String() },
      { additionalProperties: false, description: 'The live store check failed' },
    ),
  ),
};

/** An application as the api returns it (secrets masked). */
export const ApplicationSchema = Type.Object(applicationFields, { additionalProperties: false });
export type Application = Static<typeof ApplicationSchema>;

const ApplicationWithAuthorizeSchema = Type.Object(
  {
    ...applicationFields,
    authorizeUrl: Type.Optional(
      Type.String({ description: "The store's authorization page, when not yet authorized" }),
    ),
  },
  { additionalProperties: false },
);

export const ApplicationParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

const NameSchema = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' });
const HomeUrlSchema = Type.String({
  minLength: 1,
  maxLength: MAX_STORE_URL_LENGTH,
  description: 'http(s) URL of the WooCommerce site, without credentials, query or fragment',
});
// At least one visible character: keys of spaces only are a typing slip, not a store answer.
const KeySchema = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

const managerErrors = { ...authErrors, 403: ErrorSchema, 404: ErrorSchema } as const;

const DataOf = <T extends Parameters<typeof Type.Object>[0][string]>(data: T) =>
  Type.Object({ data }, { additionalProperties: false });

export const listSchema = {
  tags: TAGS,
  summary: "The caller's applications, each verified one checked live against its store",
  response: {
    200: Type.Object(
      { list: Type.Array(ApplicationSchema), error: Type.Array(Type.String()) },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorSchema,
  },
};

export const getSchema = {
  tags: TAGS,
  summary: 'One application, with the live WordPress user and station count when verified',
  params: ApplicationParams,
  response: { 200: DataOf(ApplicationSchema), ...managerErrors },
};

export const CreateBody = Type.Object(
  { name: NameSchema, homeUrl: HomeUrlSchema },
  { additionalProperties: false },
);

export const createSchema = {
  tags: TAGS,
  summary: 'Creates an application for a WooCommerce site',
  body: CreateBody,
  response: { 201: DataOf(ApplicationSchema), ...authErrors, 403: ErrorSchema, 409: ErrorSchema },
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
    403: ErrorSchema,
    409: ErrorSchema,
  },
};

export const UpdateBody = Type.Object(
  {
    name: Type.Optional(NameSchema),
    homeUrl: Type.Optional(HomeUrlSchema),
    consumerKey: Type.Optional(KeySchema),
    consumerSecret: Type.Optional(KeySchema),
    deauth: Type.Optional(Type.Literal(true)),
    authType: Type.Optional(StringEnum(['account', 'keys'])),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      'Exactly one of: {name}, {homeUrl}, {consumerKey, consumerSecret}, {deauth: true}, {authType}',
  },
);
export type UpdateBody = Static<typeof UpdateBody>;

export const updateSchema = {
  tags: TAGS,
  summary: 'Renames, moves, connects with keys, disconnects, or sets the authorization type',
  description:
    'Keys are checked against the store first: on failure the answer is 200 with the unchanged ' +
    'application and keysFail filled in.',
  params: ApplicationParams,
  body: UpdateBody,
  response: {
    200: Type.Object(
      { data: ApplicationSchema, message: Type.Optional(Type.String()) },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorSchema,
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
    409: ErrorSchema,
  },
};

export const deleteSchema = {
  tags: TAGS,
  summary: 'Deletes an application and its invitations',
  params: ApplicationParams,
  response: { 204: Type.Null({ description: 'No content' }), ...managerErrors },
};

export const SharedUserSchema = Type.Object(
  {
    id: Type.Integer({ description: 'WordPress user id' }),
    name: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    lastAccess: Nullable(Type.String()),
    invitationCount: Type.Integer(),
  },
  { additionalProperties: false },
);

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
          { pos: Type.Array(SharedUserSchema), wp: Type.Array(SharedUserSchema) },
          { additionalProperties: false },
        ),
        isMultiplePluginActive: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorSchema,
    502: ErrorSchema,
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
        result: Type.Object({ wpUser: Nullable(WpUserSchema) }, { additionalProperties: false }),
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
    409: ErrorSchema,
    429: ErrorSchema,
    502: ErrorSchema,
  },
};

export const entryDetailsSchema = {
  tags: TAGS,
  summary: 'What a POS station needs to start: the application, the station and the user',
  description:
    'For the owner or a user the store lists. `stationSlug` is a cloud POS slug, or the ' +
    'numeric id of a station without one.',
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
    502: ErrorSchema,
  },
};

/** A POS station as the dashboard lists it (spec 3). */
export const StationSchema = Type.Object(
  {
    posID: Type.String(),
    name: Type.String(),
    url: Type.String({ description: "The station's POS page on the store" }),
    cloudStationSlug: Type.String({
      description: "Slug of the cloud POS address; 'pos' marks the default station",
    }),
    access: Type.Boolean({ description: 'May the WordPress user in question open it' }),
    globalSettings: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: false },
);
export type Station = Static<typeof StationSchema>;

export const stationsSchema = {
  tags: TAGS,
  summary: "The application's stations, live from the store, with their cloud POS slugs",
  description:
    "`access` tells whether the application's connected WordPress account may open the station.",
  params: ApplicationParams,
  response: {
    200: Type.Object(
      {
        application: Type.Object(
          { id: Type.String(), name: Type.String(), homeUrl: Type.String(), slug: Type.String() },
          { additionalProperties: false },
        ),
        list: Type.Array(StationSchema),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorSchema,
    502: ErrorSchema,
  },
};

export const UpdateSlugBody = Type.Object(
  {
    stationId: Type.String({ pattern: '^[0-9]{1,18}$', description: "The station's posID" }),
    stationSlug: Type.String({
      maxLength: 200,
      description: "The new slug: 'pos' turns Default on, the posID resets, else a custom slug",
    }),
    stationName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    oldStationSlug: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The slug the caller saw (compare-and-set)',
    }),
  },
  { additionalProperties: false },
);
export type UpdateSlugBody = Static<typeof UpdateSlugBody>;

export const updateSlugSchema = {
  tags: TAGS,
  summary: "Sets a station's cloud POS slug (custom, default 'pos', or back to its id)",
  params: ApplicationParams,
  body: UpdateSlugBody,
  response: {
    200: Type.Object(
      { stationId: Type.String(), stationSlug: Type.String() },
      { additionalProperties: false },
    ),
    ...managerErrors,
    409: ErrorSchema,
    502: ErrorSchema,
  },
};

export const SharedStationGroupSchema = Type.Object(
  {
    application: Type.Object(
      { id: Type.String(), name: Type.String(), slug: Type.String() },
      { additionalProperties: false },
    ),
    adminName: Type.String({ description: "The owner's full name (email when none)" }),
    roles: Type.Array(Type.String(), { description: "The caller's roles in the store" }),
    stations: Type.Array(StationSchema),
  },
  { additionalProperties: false },
);

export const sharedStationsSchema = {
  tags: TAGS,
  summary: "Stations of other users' applications whose store lists the caller's email",
  description: 'A store that cannot be reached is left out of the list.',
  response: {
    200: Type.Object(
      { list: Type.Array(SharedStationGroupSchema) },
      { additionalProperties: false },
    ),
    ...authErrors,
  },
};
