// The entity schemas the routes answer with by reference (see `Ref` in ./common). Registered
// once on the app, they become the OpenAPI document's components.schemas, named by their $id,
// and so the named types of the front ends' generated wire types (shared/src/api/wire.gen.ts).
import type { FastifyInstance } from 'fastify';
import { ActivitySchema } from './activities/schema';
import { AdminUserRowSchema } from './admin-panel/schema';
import { OrderCountsSchema, UsageAnalyticsSchema } from './analytics/schema';
import {
  ApplicationSchema,
  ApplicationStatusSchema,
  AuthFailureSchema,
  PosPluginSchema,
  SharedStationGroupSchema,
  SharedUserSchema,
  StationSchema,
  WpUserSchema,
} from './applications/schemas/entities';
import {
  ReleaseEventSchema,
  ReleaseSchema,
  ReleaseSlotsSchema,
  RemoteReleasesSchema,
} from './releases/schema';
import { StaffUserSchema } from './staff/schema';
import { CardSchema, DiscountSchema } from './subscriptions/billing-schema';
import { PlanSchema } from './subscriptions/schema';
import { UserDataSchema } from './user-data/schema';
import { UserSettingsSchema } from './user-settings/schema';
import {
  AssistantTaskSchema,
  SupportCardDetailsSchema,
  UserTasksSchema,
} from './user-tasks/schema';
import { ErrorSchema } from './common';

/** Every schema that routes reach through `Ref`. */
export const namedSchemas = [
  ActivitySchema,
  AssistantTaskSchema,
  AdminUserRowSchema,
  OrderCountsSchema,
  UsageAnalyticsSchema,
  ApplicationSchema,
  ApplicationStatusSchema,
  AuthFailureSchema,
  CardSchema,
  DiscountSchema,
  ErrorSchema,
  PlanSchema,
  PosPluginSchema,
  ReleaseEventSchema,
  ReleaseSlotsSchema,
  ReleaseSchema,
  RemoteReleasesSchema,
  SharedStationGroupSchema,
  SharedUserSchema,
  StaffUserSchema,
  StationSchema,
  SupportCardDetailsSchema,
  UserDataSchema,
  UserSettingsSchema,
  UserTasksSchema,
  WpUserSchema,
];

/** Registers {@link namedSchemas} on `app` (before the routes that refer to them). */
export function addNamedSchemas(app: FastifyInstance): void {
  for (const schema of namedSchemas) app.addSchema(schema);
}

/**
 * @fastify/swagger's `refResolver`: a shared schema keeps its $id as its name in
 * components.schemas (the default would be `def-<n>`).
 */
export const namedSchemaRefResolver = {
  buildLocalReference(json: { $id?: unknown }, _baseUri: unknown, _fragment: string, i: number) {
    return typeof json.$id === 'string' ? json.$id : `def-${i}`;
  },
};
