// Schemas of the staff routes (issue 13): the staff list of an application's store, creating a
// staff user, their invitations, role change, access removal and the dashboard's count.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { STAFF_ROLES } from '@pos/shared/rules';
import { ErrorAnswer, Nullable, PageNumber, Ref, StringEnum } from '../common';
import { managerErrors } from '../applications/schemas/entities';

export const TAGS = ['staff'];

/** The dashboard's application id. */
const ApplicationId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "The dashboard's application id",
});

/** A WordPress user id of the store. */
const WpUserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const StaffUserSchema = Type.Object(
  {
    wpUserId: Type.Integer({ description: 'WordPress user id' }),
    name: Type.String(),
    email: Type.String(),
    username: Type.String(),
    roles: Type.Array(Type.String(), { description: "The store's roles" }),
    role: Nullable(StringEnum(STAFF_ROLES, { description: 'The first POS role' })),
    kind: StringEnum(['pos', 'wp'], {
      description:
        'pos: a verified dashboard account has this email (Active; Stations, Cloud); ' +
        'wp: none has (Stations; Need Invite or Pending by invitationCount)',
    }),
    lastAccess: Nullable(
      Type.String({ description: 'Last use of the matching verified account (ISO)' }),
    ),
    invitationCount: Type.Integer({ description: 'Invitations sent for this application' }),
    isConnectionOwner: Type.Boolean({
      description: 'The store administrator whose key connected the application',
    }),
  },
  { $id: 'StaffUser', additionalProperties: false, description: 'A staff user of a store' },
);
export type StaffUserWire = Static<typeof StaffUserSchema>;

/** A staff answer also refused with 409 (not authorized, plugin or add-on missing) or 502. */
const staffErrors = { ...managerErrors, 409: ErrorAnswer, 502: ErrorAnswer } as const;

export const listSchema = {
  tags: TAGS,
  summary: "A page of the staff of an application's store (its POS users)",
  description:
    "The header x-biz-total-all carries the store's total. Without the multiple-user add-on " +
    'the page is empty and isMultiplePluginActive false.',
  querystring: Type.Object(
    {
      applicationId: ApplicationId,
      page: PageNumber(),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object(
      {
        data: Type.Array(Ref(StaffUserSchema)),
        isMultiplePluginActive: Type.Boolean(),
        totalAll: Type.Integer(),
      },
      { additionalProperties: false },
    ),
    ...staffErrors,
  },
};

export const createSchema = {
  tags: TAGS,
  summary: 'Creates a staff user in the store and sends the first invitation',
  description:
    'The spec 5 rules answer 400 with their texts; the store refusing (an email already used) ' +
    "400 with the store's text; 409 ERR_STAFF_ADDON_INACTIVE without the multiple-user add-on, " +
    'ERR_STAFF_CREATE_IN_PROGRESS while another post of the same email is with the store. An ' +
    'invitation that fails leaves the user created: invitation.sent false.',
  body: Type.Object(
    {
      name: Type.String({ maxLength: 500, description: 'Latin letters, at least two words' }),
      email: Type.String({ maxLength: 320 }),
      role: Type.String({
        maxLength: 32,
        description: `One of ${STAFF_ROLES.join(', ')}`,
      }),
      applicationId: Type.String({ maxLength: 64, description: "The dashboard's application id" }),
    },
    { additionalProperties: false },
  ),
  response: {
    201: Type.Object(
      {
        data: Ref(StaffUserSchema),
        message: Type.String(),
        invitation: Type.Object(
          { sent: Type.Boolean(), message: Type.String(), invitationCount: Type.Integer() },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    ...staffErrors,
  },
};

export const inviteSchema = {
  tags: TAGS,
  summary: 'Sends a staff user an invitation (at most 3 per user and application)',
  body: Type.Object(
    { applicationId: ApplicationId, wpUserId: WpUserId },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object(
      { message: Type.String(), invitationCount: Type.Integer() },
      { additionalProperties: false },
    ),
    ...staffErrors,
    429: ErrorAnswer,
  },
};

const StaffUserParams = Type.Object({ wpUserId: WpUserId }, { additionalProperties: false });

export const changeRoleSchema = {
  tags: TAGS,
  summary: "Gives a staff user another POS role (not the connection's own administrator)",
  params: StaffUserParams,
  body: Type.Object(
    { applicationId: ApplicationId, role: StringEnum(STAFF_ROLES) },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ data: Ref(StaffUserSchema) }, { additionalProperties: false }),
    ...staffErrors,
  },
};

export const removeSchema = {
  tags: TAGS,
  summary:
    "Removes a staff user's POS access in the store (not the connection's own administrator)",
  params: StaffUserParams,
  querystring: Type.Object({ applicationId: ApplicationId }, { additionalProperties: false }),
  response: {
    200: Type.Object({ message: Type.String() }, { additionalProperties: false }),
    ...staffErrors,
  },
};

export const summarySchema = {
  tags: TAGS,
  summary: "The caller's staff: each verified application's store asked as its Staff page asks it",
  description:
    'A store that cannot be read makes the answer 502 with its failure text: a sum without it ' +
    'is not the staff count. Stores without the Cloud POS plugin or the multiple-user add-on ' +
    'count 0, as their Staff pages list nobody.',
  response: {
    200: Type.Object(
      {
        total: Type.Integer({
          description:
            "Staff users across the verified applications, each as its Staff page's totalAll",
        }),
        applications: Type.Integer({ description: 'Verified applications' }),
      },
      { additionalProperties: false },
    ),
    ...managerErrors,
    502: ErrorAnswer,
  },
};
