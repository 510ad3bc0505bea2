// The entity schemas and field rules that several application routes share; each route's own
// schema sits in the file of its group beside this one.
import { Type } from '@sinclair/typebox';
import { DISPLAY_TEXT } from '../../../plugins/validation';
import type { Static } from '@sinclair/typebox';
import { AUTH_FAILURE_REASONS } from '../../../domain/applications/auth-failure';
import { STATUS_LABELS } from '../../../domain/applications/status';
import { MAX_STORE_URL_LENGTH } from '../../../services/store-url';
import { authErrors, ErrorAnswer, Nullable, Ref, StringEnum } from '../../common';

export const TAGS = ['applications'];

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
  { $id: 'WpUser', additionalProperties: false, description: 'A WordPress user of the store' },
);

export const AuthTypeSchema = StringEnum(['account', 'keys']);

const STATUS_CODES = Object.keys(STATUS_LABELS) as Array<keyof typeof STATUS_LABELS>;

export const ApplicationStatusSchema = Type.Object(
  {
    code: StringEnum(STATUS_CODES),
    label: StringEnum(STATUS_CODES.map((code) => STATUS_LABELS[code])),
    reason: Nullable(Type.String({ description: 'Why, when unverified; null otherwise' })),
  },
  {
    $id: 'ApplicationStatus',
    additionalProperties: false,
    description:
      'The one status of an application, derived by the api from the stored state and the ' +
      'live check of its store; every screen shows it as given',
  },
);

export const PosPluginSchema = Type.Object(
  {
    active: Nullable(
      Type.Boolean({ description: "pos-connect/v1 is among the site's /wp-json/ namespaces" }),
    ),
    checkedAt: Nullable(Type.String({ description: 'When the plugin was last looked for' })),
  },
  {
    $id: 'PosPlugin',
    additionalProperties: false,
    description: 'Whether the Cloud POS plugin is on the store; null: never checked',
  },
);

export const AuthFailureSchema = Type.Object(
  {
    reason: StringEnum(AUTH_FAILURE_REASONS),
    message: Type.String({ description: 'What went wrong, in plain words' }),
    nextStep: Type.String({ description: 'What the owner should do next' }),
    at: Type.String(),
  },
  {
    $id: 'AuthFailure',
    additionalProperties: false,
    description: 'Why the last authorization attempt (account or keys) failed',
  },
);

export const applicationFields = {
  id: Type.String(),
  name: Type.String(),
  homeUrl: Type.String(),
  slug: Type.String(),
  authType: AuthTypeSchema,
  authInProgress: Type.Boolean({ description: 'An unexpired authorization token exists' }),
  authCallbackUrl: Type.Optional(
    Nullable(
      Type.String({
        description:
          'While authorizing: the callback address the store must reach (the POS host on 443 in production); null otherwise',
      }),
    ),
  ),
  consumerKey: Nullable(Type.String({ description: 'Masked (spec 5)' })),
  consumerSecret: Nullable(Type.String({ description: 'Masked (spec 5)' })),
  keysFail: Type.Object(
    { hasError: Type.Boolean(), displayError: Nullable(Type.String()) },
    { additionalProperties: false },
  ),
  isVerifiedAuth: Type.Boolean(),
  quickLaunchPOSId: Nullable(Type.String()),
  wpUser: Nullable(Ref(WpUserSchema)),
  status: Ref(ApplicationStatusSchema),
  posPlugin: Ref(PosPluginSchema),
  lastAuthFailure: Nullable(Ref(AuthFailureSchema)),
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
export const ApplicationSchema = Type.Object(applicationFields, {
  $id: 'Application',
  additionalProperties: false,
});
export type Application = Static<typeof ApplicationSchema>;

export const ApplicationParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

/** An application's name: shown to people, so without hidden or direction-changing characters. */
export const NameSchema = Type.String({
  minLength: 1,
  maxLength: NAME_MAX_LENGTH,
  pattern: '\\S',
  [DISPLAY_TEXT]: true,
});
export const HomeUrlSchema = Type.String({
  minLength: 1,
  maxLength: MAX_STORE_URL_LENGTH,
  description: 'http(s) URL of the WooCommerce site, without credentials, query or fragment',
});

export const managerErrors = { ...authErrors, 403: ErrorAnswer, 404: ErrorAnswer } as const;

/** `{data}` around one answer. */
export const DataOf = <T extends Parameters<typeof Type.Object>[0][string]>(data: T) =>
  Type.Object({ data }, { additionalProperties: false });

export const SharedUserSchema = Type.Object(
  {
    id: Type.Integer({ description: 'WordPress user id' }),
    name: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.String()),
    lastAccess: Nullable(Type.String()),
    invitationCount: Type.Integer(),
  },
  { $id: 'SharedUser', additionalProperties: false },
);

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
  { $id: 'Station', additionalProperties: false },
);
export type Station = Static<typeof StationSchema>;

export const SharedStationGroupSchema = Type.Object(
  {
    application: Type.Object(
      { id: Type.String(), name: Type.String(), slug: Type.String() },
      { additionalProperties: false },
    ),
    adminName: Type.String({ description: "The owner's full name (email when none)" }),
    roles: Type.Array(Type.String(), { description: "The caller's roles in the store" }),
    stations: Type.Array(Ref(StationSchema)),
    unavailable: Nullable(
      Type.Object(
        {
          reason: StringEnum(['banned', 'paused']),
          name: Type.String({ description: "The access-denied page's title" }),
          text: Type.String(),
        },
        {
          additionalProperties: false,
          description:
            "Why none of these stations opens for anyone: the owner is blocked ('banned') or " +
            "their plan is at its order limit ('paused'); null when they open",
        },
      ),
    ),
  },
  { $id: 'SharedStationGroup', additionalProperties: false },
);
