import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '@pos/shared/rules';
import { ASSISTANT_TASK_IDS } from '../../db/assistant-tasks';
import { authErrors, ErrorAnswer, Nullable, Ref, StringEnum } from '../common';

/** Header of GET /user-tasks besides TOTAL_ALL_HEADER (also exposed to cross-origin callers). */
export const LEFT_TO_COMPLETE_HEADER = 'x-biz-left-to-complete';

export const AssistantTaskSchema = Type.Object(
  {
    id: Nullable(
      Type.String({ description: "The user's completion of the task; null while incomplete" }),
    ),
    assistantTaskId: Type.String({
      description: `The catalogue task: ${ASSISTANT_TASK_IDS.join(', ')}`,
    }),
    applicationId: Nullable(
      Type.String({
        description:
          'The application it was completed for, or, while incomplete, the one to work on ' +
          '(null for the account tasks, or when there is none)',
      }),
    ),
    name: Type.String(),
    description: Type.String(),
    dependency: Nullable(
      Type.String({ description: 'The assistantTaskId that must be completed first' }),
    ),
    completionLink: Nullable(
      Type.String({
        description: "A dashboard path, with the task's application filled in",
      }),
    ),
    externalLink: Nullable(Type.String({ description: 'Opens in a new tab' })),
    iframeLink: Nullable(Type.String({ description: "Opens in the shell's onboarding overlay" })),
    completionBtnText: Type.String(),
    createdAt: Type.String({
      description: 'ISO-8601: when the completion was made, or the catalogue task while incomplete',
    }),
    completedAt: Nullable(Type.String({ description: 'ISO-8601; null while incomplete' })),
    completedBy: Nullable(
      StringEnum(['event', 'manual'], {
        description: "'event': proven by what happened; 'manual': marked Done by hand",
      }),
    ),
    locked: Type.Boolean({ description: 'Incomplete, and its dependency is incomplete too' }),
    waitingFor: Nullable(Type.String({ description: "The dependency's name while locked" })),
  },
  { $id: 'AssistantTask', additionalProperties: false },
);
/** One Assistant task of a user (spec 3), as the api returns it. */
export type AssistantTask = Static<typeof AssistantTaskSchema>;

export const SupportCardDetailsSchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    createNewTicket: Type.Boolean({
      description: 'Whether the support card shows the new-ticket form',
    }),
    completionBtnText: Type.String(),
  },
  { $id: 'SupportCardDetails', additionalProperties: false },
);
/** The Assistant's support card (spec 3). */
export type SupportCardDetails = Static<typeof SupportCardDetailsSchema>;

export const UserTasksSchema = Type.Object(
  {
    completed: Type.Array(Ref(AssistantTaskSchema), {
      description: 'Newest completion first',
    }),
    incomplete: Type.Array(Ref(AssistantTaskSchema), { description: 'In catalogue order' }),
    supportCardDetails: Ref(SupportCardDetailsSchema),
    totalAll: Type.Integer(),
    leftToComplete: Type.Integer(),
  },
  { $id: 'UserTasks', additionalProperties: false },
);
/** The task data of spec 3: completed, incomplete, the support card and the counts. */
export type UserTasks = Static<typeof UserTasksSchema>;

export const listUserTasksSchema = {
  tags: ['assistant'],
  summary: "The caller's Assistant tasks, completed and incomplete, and the support card",
  description:
    'The headers x-biz-total-all and x-biz-left-to-complete repeat totalAll and leftToComplete.',
  response: {
    200: Type.Object({ data: Ref(UserTasksSchema) }, { additionalProperties: false }),
    ...authErrors,
    403: ErrorAnswer,
  },
};

export const CompleteTaskBody = Type.Object(
  {
    assistantTaskId: Type.String({ minLength: 1, maxLength: 64 }),
    applicationId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
  },
  { additionalProperties: false },
);

export const completeTaskSchema = {
  tags: ['assistant'],
  summary: 'Marks an Assistant task Done by hand',
  description:
    'Idempotent: a task completed already (by an event or by hand) stays as it is and is ' +
    'answered with 200. 404 for an unknown task or another user’s application, 409 while ' +
    'the task it depends on is incomplete.',
  body: CompleteTaskBody,
  response: {
    200: Type.Object({ data: Ref(AssistantTaskSchema) }, { additionalProperties: false }),
    201: Type.Object({ data: Ref(AssistantTaskSchema) }, { additionalProperties: false }),
    ...authErrors,
    403: ErrorAnswer,
    404: ErrorAnswer,
    409: ErrorAnswer,
  },
};

export const SupportSettingBody = Type.Object(
  { createNewTicket: Type.Boolean() },
  { additionalProperties: false },
);

export const supportSettingSchema = {
  tags: ['assistant'],
  summary: "Sets whether the caller's support card shows the new-ticket form",
  body: SupportSettingBody,
  response: {
    200: Type.Object({ data: Ref(SupportCardDetailsSchema) }, { additionalProperties: false }),
    ...authErrors,
    403: ErrorAnswer,
  },
};

export const SupportRequestBody = Type.Object(
  {
    // Bounds of the raw text (surrounding spaces included); the rules of the trimmed text are
    // checked by the domain, with their own messages.
    subject: Type.String({ maxLength: SUPPORT_SUBJECT_MAX_LENGTH * 4 }),
    message: Type.String({ maxLength: SUPPORT_MESSAGE_MAX_LENGTH * 2 }),
  },
  { additionalProperties: false },
);

export const sendSupportRequestSchema = {
  tags: ['assistant'],
  summary: 'Mails a support request to the support address, Reply-To the caller',
  description:
    'Subject 3–120 and message 10–5000 characters once trimmed, no control characters ' +
    'except line breaks in the message. At most 3 requests per user per hour (429 with ' +
    'Retry-After); 502 when the mail could not be sent (not counted).',
  body: SupportRequestBody,
  response: {
    201: Type.Object(
      { id: Type.String(), message: Type.String() },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorAnswer,
    429: ErrorAnswer,
    502: ErrorAnswer,
  },
};
