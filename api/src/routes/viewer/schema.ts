import { Type } from '@sinclair/typebox';
import { authErrors, Ref } from '../common';
import { MonitorQuery, PlanStateSchema } from '../subscriptions/schema';
import { UserDataSchema } from '../user-data/schema';
import { UserSettingsSchema } from '../user-settings/schema';

export const ViewerSchema = Type.Object(
  {
    settings: Ref(UserSettingsSchema),
    user: Ref(UserDataSchema),
    isBanned: Type.Boolean(),
    subscription: PlanStateSchema,
  },
  {
    additionalProperties: false,
    description:
      'What the dashboard needs at sign-in, in one answer: GET /user-settings, /user-data, ' +
      '/check-ban and /subscription-monitor (which stay)',
  },
);

export const getViewerSchema = {
  tags: ['user'],
  summary: "The caller's account at sign-in: settings, profile, ban and plan in one call",
  querystring: MonitorQuery,
  response: { 200: ViewerSchema, ...authErrors },
};
