import { Type } from '@sinclair/typebox';
import { MAX_TILE_ROWS } from '@pos/shared/rules';
import { authErrors, ErrorAnswer, Nullable, Ref, StringEnum } from '../common';

const REMOTE_NAME = '^mf_[a-z0-9_]{1,40}$';
const RemoteName = Type.String({ pattern: REMOTE_NAME, description: 'Module Federation name' });
const ReleaseId = Type.String({ minLength: 1, maxLength: 64 });
const Share = (minimum: number) =>
  Type.Integer({ minimum, maximum: 100, description: 'Per cent of signed-in users' });

const SharedRequirement = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    requiredVersion: Type.String({ minLength: 1, maxLength: 100 }),
    version: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

const ReleaseSizes = Type.Object(
  {
    jsBytes: Type.Integer({ minimum: 0 }),
    jsGzipBytes: Type.Integer({ minimum: 0 }),
    entryBytes: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

const SlotId = Type.String({ minLength: 1, maxLength: 100 });
const SlotText = Type.String({ minLength: 1, maxLength: 200 });
const SlotAccess = StringEnum(['all', 'manager', 'admin']);
const SlotOrder = Type.Number({ minimum: -10000, maximum: 10000 });
/** The tallest navigation widget's reserved height, in px. */
const MAX_WIDGET_HEIGHT = 2000;
const WidgetHeight = Type.Number({ exclusiveMinimum: 0, maximum: MAX_WIDGET_HEIGHT });

/** What every slot has: its id, who sees it and its place among its kind. */
const placed = { id: SlotId, access: SlotAccess, order: SlotOrder };

const slotsFields = {
  navItems: Type.Optional(
    Type.Array(
      Type.Object(
        {
          ...placed,
          label: SlotText,
          path: Type.String({ pattern: '^/', maxLength: 200 }),
          disabledWhenBanned: Type.Boolean(),
          icon: Type.String({ minLength: 1, maxLength: 100 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
  ),
  tiles: Type.Optional(
    Type.Array(
      Type.Object(
        {
          ...placed,
          title: SlotText,
          rows: Type.Integer({
            minimum: 1,
            maximum: MAX_TILE_ROWS,
            description: 'Rows of the tile grid',
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
  ),
  navWidgets: Type.Optional(
    Type.Array(
      Type.Object(
        {
          ...placed,
          title: SlotText,
          height: { ...WidgetHeight, description: 'px in the open navigation' },
          collapsedHeight: { ...WidgetHeight, description: 'px in the collapsed navigation' },
        },
        { additionalProperties: false },
      ),
      { maxItems: 10 },
    ),
  ),
};

/**
 * A release's slots: what its contract puts on every signed-in page, with the sizes reserved for
 * it, the shape of a remote's `slots` in remotes.json (shell/src/config/remoteSlots.ts).
 */
export const ReleaseSlotsSchema = Type.Object(slotsFields, {
  $id: 'ReleaseSlots',
  additionalProperties: false,
});

const releaseFields = {
  remote: RemoteName,
  version: Type.String({ minLength: 1, maxLength: 64 }),
  commit: Type.String({ pattern: '^[0-9a-f]{7,40}(-dirty)?$', description: 'git commit' }),
  contentHash: Type.String({ pattern: '^[0-9a-f]{16,64}$', description: 'sha256 of the files' }),
  entry: Type.String({
    pattern: '^https?://[^\\s]+/mf-manifest\\.json$',
    maxLength: 500,
    description: "The release's mf-manifest.json (content-addressed, never overwritten)",
  }),
  shared: Type.Array(SharedRequirement, { maxItems: 50 }),
  builtAgainst: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 100 }), {
    maxProperties: 50,
  }),
  sizes: ReleaseSizes,
};

export const ReleaseInputSchema = Type.Object(
  {
    ...releaseFields,
    // The contract's items, tiles and widgets it was built from; absent or null: remotes.json's.
    // Inline, not a reference: the bodies' validator (plugins/validation.ts) has no named schemas.
    slots: Type.Optional(Nullable(Type.Object(slotsFields, { additionalProperties: false }))),
  },
  { additionalProperties: false },
);

export const ReleaseSchema = Type.Object(
  {
    id: Type.String(),
    ...releaseFields,
    slots: Nullable(Ref(ReleaseSlotsSchema)),
    publishedBy: Type.String(),
    publishedAt: Type.String({ description: 'ISO-8601 time' }),
  },
  { $id: 'Release', additionalProperties: false },
);

export const ReleaseEventSchema = Type.Object(
  {
    id: Type.String(),
    remote: Type.String(),
    action: StringEnum(['promote', 'canary', 'rollback', 'withdraw', 'auto-withdraw']),
    fromReleaseId: Nullable(Type.String()),
    toReleaseId: Nullable(Type.String()),
    share: Nullable(Type.Integer()),
    actor: Type.String({ description: "The admin's email, or 'automatic'" }),
    reason: Nullable(Type.String()),
    at: Type.String({ description: 'ISO-8601 time' }),
  },
  { $id: 'ReleaseEvent', additionalProperties: false },
);

export const RemoteReleasesSchema = Type.Object(
  {
    remote: Type.String(),
    liveReleaseId: Nullable(Type.String()),
    previousReleaseId: Nullable(Type.String()),
    canaryReleaseId: Nullable(Type.String()),
    canaryShare: Type.Integer(),
    releases: Type.Array(Ref(ReleaseSchema), { description: 'Newest first' }),
  },
  { $id: 'RemoteReleases', additionalProperties: false },
);

const StateAnswer = Type.Object(
  {
    remote: Type.String(),
    liveReleaseId: Nullable(Type.String()),
    previousReleaseId: Nullable(Type.String()),
    canaryReleaseId: Nullable(Type.String()),
    canaryShare: Type.Integer(),
    event: Nullable(Ref(ReleaseEventSchema)),
  },
  { additionalProperties: false },
);

const adminErrors = { ...authErrors, 403: ErrorAnswer };

export const listReleasesSchema = {
  tags: ['releases'],
  summary: "Every remote's releases, live, canary and previous, and the audit (admins only)",
  response: {
    200: Type.Object(
      {
        remotes: Type.Array(Ref(RemoteReleasesSchema)),
        events: Type.Array(Ref(ReleaseEventSchema), { description: 'Newest first' }),
      },
      { additionalProperties: false },
    ),
    ...adminErrors,
  },
};

export const publishReleaseSchema = {
  tags: ['releases'],
  summary: "Records a remote's published release; it is not live (admins only)",
  description:
    'Answers 201 with the new release, or 200 with the release recorded first when this ' +
    'remote already has one of the same content.',
  body: ReleaseInputSchema,
  response: { 200: Ref(ReleaseSchema), 201: Ref(ReleaseSchema), ...adminErrors, 400: ErrorAnswer },
};

export const promoteReleaseSchema = {
  tags: ['releases'],
  summary: 'Makes a release live for everyone (share 100) or a canary for a share (admins only)',
  description:
    "Refused with 409 ERR_INCOMPATIBLE naming every mismatch when the release's shared " +
    "singleton ranges do not fit the live shell's versions (502 when those cannot be read).",
  params: Type.Object({ id: ReleaseId }, { additionalProperties: false }),
  body: Type.Object({ share: Share(1) }, { additionalProperties: false }),
  response: {
    200: StateAnswer,
    ...adminErrors,
    404: ErrorAnswer,
    409: ErrorAnswer,
    502: ErrorAnswer,
  },
};

const RemoteParams = Type.Object({ remote: RemoteName }, { additionalProperties: false });

export const rollbackSchema = {
  tags: ['releases'],
  summary: 'Returns a remote to its previous live release, ending any canary (admins only)',
  params: RemoteParams,
  response: { 200: StateAnswer, ...adminErrors, 409: ErrorAnswer },
};

export const withdrawCanarySchema = {
  tags: ['releases'],
  summary: "Ends a remote's canary: everyone gets the live release (admins only)",
  params: RemoteParams,
  response: { 200: StateAnswer, ...adminErrors, 409: ErrorAnswer },
};

export const liveMappingSchema = {
  tags: ['releases'],
  summary: "Each remote's live release and canary: what the shell's remotes.json is made of",
  description:
    'No token: the manifest addresses are what every visitor loads anyway. The shell picks the ' +
    'canary for a signed-in user by a hash of the user and the remote, below `share`. `slots` ' +
    '(of the live release and of the canary) are there when the release recorded them: they ' +
    "replace the remote's slots of remotes.json for whoever loads that release.",
  security: [],
  response: {
    200: Type.Object(
      {
        remotes: Type.Array(
          Type.Object(
            {
              name: Type.String(),
              release: Type.String(),
              entry: Type.String(),
              slots: Type.Optional(Ref(ReleaseSlotsSchema)),
              canary: Nullable(
                Type.Object(
                  {
                    release: Type.String(),
                    entry: Type.String(),
                    share: Type.Integer(),
                    slots: Type.Optional(Ref(ReleaseSlotsSchema)),
                  },
                  { additionalProperties: false },
                ),
              ),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
};

export const reportSchema = {
  tags: ['releases'],
  summary: "The shell's beacon: how one load of a release went",
  description:
    'Nothing personal in the body: the remote, the release and the outcome, as application/json ' +
    'or text/plain (what navigator.sendBeacon sends). Only a signed-in browser reports: the ' +
    'session cookie (pos_token) is verified like a bearer token (401 otherwise). A failed canary ' +
    'load may withdraw the canary (see CANARY_* in the README). Limited per account and release, ' +
    'and per client address (429).',
  security: [],
  body: Type.Object(
    {
      remote: RemoteName,
      release: ReleaseId,
      outcome: StringEnum(['loaded', 'load-failed', 'mount-failed']),
    },
    { additionalProperties: false },
  ),
  response: {
    202: Type.Null({ description: 'Recorded' }),
    400: ErrorAnswer,
    401: ErrorAnswer,
    429: ErrorAnswer,
  },
};
