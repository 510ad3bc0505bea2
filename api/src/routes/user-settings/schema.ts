import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, Ref, StringEnum } from '../common';

/** `{applicationId}/{posID}`. */
export const QUICK_LAUNCH_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{1,64}$';

export const UserSettingsSchema = Type.Object(
  {
    userRole: StringEnum(['manager', 'other']),
    quickLaunchPOSIds: Type.Record(Type.String(), Type.Boolean(), {
      description: 'Stations on quick launch, keyed `{applicationId}/{posID}`',
    }),
    showAssistantInPOS: Type.Boolean(),
    firstTaskCompleted: Type.Boolean(),
  },
  { $id: 'UserSettings', additionalProperties: false },
);
/** User settings as the api returns them (spec 3). */
export type UserSettings = Static<typeof UserSettingsSchema>;

export const UpdateSettingsBody = Type.Object(
  {
    quickLaunchPOSId: Type.Optional(
      Type.String({
        pattern: QUICK_LAUNCH_ID_PATTERN,
        description:
          'Toggles this station in quickLaunchPOSIds. A pin takes only a station the caller ' +
          'may open (403 ERR_QUICK_LAUNCH_REFUSED otherwise) and at most 200 stations in all ' +
          '(400 ERR_QUICK_LAUNCH_FULL); an unpin always succeeds',
      }),
    ),
    showAssistantInPOS: Type.Optional(
      Type.Boolean({ description: "The Assistant panel's 'Show Assistant in POS' toggle" }),
    ),
    firstTaskCompleted: Type.Optional(
      Type.Literal(true, {
        description:
          'Set once the first task-completed bubble was shown; a flag that is never cleared',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;

export const getSettingsSchema = {
  tags: ['user'],
  summary: "The caller's dashboard settings",
  response: { 200: Ref(UserSettingsSchema), ...authErrors },
};

export const putSettingsSchema = {
  tags: ['user'],
  summary: 'Changes settings: toggles a quick-launch station and/or sets the assistant flags',
  body: UpdateSettingsBody,
  response: { 200: Ref(UserSettingsSchema), ...authErrors, 403: ErrorAnswer },
};
