import type { AssistantTaskRow } from './types';

/**
 * The Assistant's onboarding tasks (issue 14), by id, in the order the panel lists them. The
 * rows themselves are data (`assistant_tasks`, seeded by migration 0019_assistant_tasks from
 * {@link ASSISTANT_TASK_CATALOGUE}); these ids are what the code that proves a task names.
 */
export const ASSISTANT_TASK_IDS = [
  'choose-plan',
  'create-application',
  'authorize-application',
  'set-default-station',
  'open-station',
  'pin-station',
  'create-staff-user',
  'process-first-order',
  'add-card',
] as const;

/** One of {@link ASSISTANT_TASK_IDS}. */
export type AssistantTaskId = (typeof ASSISTANT_TASK_IDS)[number];

/**
 * Whether a task is about the account ('user': a plan, a card) or about one store application
 * ('application': its completion records which application proved it, and an incomplete one
 * names the application to work on, which its links then use).
 */
export type AssistantTaskScope = 'user' | 'application';

/** Where an application id goes in a task's `completion_link`. */
export const APPLICATION_ID_TOKEN = '{applicationId}';

/** Whether `value` is one of {@link ASSISTANT_TASK_IDS}. */
export function isAssistantTaskId(value: unknown): value is AssistantTaskId {
  return typeof value === 'string' && (ASSISTANT_TASK_IDS as readonly string[]).includes(value);
}

/** A catalogue row as migration 0019 writes it (`created_at` is the migration's time). */
export type AssistantTaskSeed = Omit<AssistantTaskRow, 'created_at'> & { id: AssistantTaskId };

/**
 * The task catalogue written by migration 0019_assistant_tasks. Changing a row later takes a
 * new migration that updates `assistant_tasks` (this list is what 0019 wrote).
 */
export const ASSISTANT_TASK_CATALOGUE: readonly AssistantTaskSeed[] = [
  {
    id: 'choose-plan',
    name: 'Choose a plan',
    description:
      'Pick the plan that fits your store. Trial is free for your first 50 orders, and you can move to a bigger plan at any time.',
    completion_btn_text: 'Choose a plan',
    completion_link: '/subscription-plans',
    external_link: null,
    iframe_link: null,
    dependency: null,
    scope: 'user',
    sort_order: 10,
  },
  {
    id: 'create-application',
    name: 'Create an application',
    description:
      'Add your WooCommerce store as an application: give it a name and the address of the site.',
    completion_btn_text: 'Create application',
    completion_link: '/applications/create',
    external_link: null,
    iframe_link: null,
    dependency: null,
    scope: 'application',
    sort_order: 20,
  },
  {
    id: 'authorize-application',
    name: 'Authorize your application',
    description:
      'Connect the store to the dashboard: authorize with your WordPress account, or enter the WooCommerce REST API key and secret.',
    completion_btn_text: 'Authorize',
    completion_link: '/applications/{applicationId}',
    external_link: null,
    iframe_link: null,
    dependency: 'create-application',
    scope: 'application',
    sort_order: 30,
  },
  {
    id: 'set-default-station',
    name: 'Set the default station',
    description:
      "Choose the station that opens at your store's main POS address, so your team always lands on the right register.",
    completion_btn_text: 'Set default station',
    completion_link: '/applications/{applicationId}/stations',
    external_link: null,
    iframe_link: null,
    dependency: 'authorize-application',
    scope: 'application',
    sort_order: 40,
  },
  {
    id: 'open-station',
    name: 'Open a station',
    description:
      'Launch one of your POS stations in the cloud and sign in to the register, ready to sell.',
    completion_btn_text: 'Open a station',
    completion_link: '/applications/{applicationId}/stations',
    external_link: null,
    iframe_link: null,
    dependency: 'authorize-application',
    scope: 'application',
    sort_order: 50,
  },
  {
    id: 'pin-station',
    name: 'Pin a station to Quick Launch',
    description:
      'Turn on Quick Launch for the station you use most, and open it straight from your dashboard.',
    completion_btn_text: 'Pin a station',
    completion_link: '/applications/{applicationId}/stations',
    external_link: null,
    iframe_link: null,
    dependency: 'authorize-application',
    scope: 'application',
    sort_order: 60,
  },
  {
    id: 'create-staff-user',
    name: 'Create a staff user',
    description:
      'Give a cashier or a shop manager their own POS account, so every sale shows who made it.',
    completion_btn_text: 'Create staff user',
    completion_link: '/staff/create',
    external_link: null,
    iframe_link: null,
    dependency: 'authorize-application',
    scope: 'application',
    sort_order: 70,
  },
  {
    id: 'process-first-order',
    name: 'Process your first order',
    description:
      'Ring up a sale on an open station. The first order taken at the point of sale completes this task.',
    completion_btn_text: 'Go to stations',
    completion_link: '/stations',
    external_link: null,
    iframe_link: null,
    dependency: 'open-station',
    scope: 'application',
    sort_order: 80,
  },
  {
    id: 'add-card',
    name: 'Add a card',
    description:
      'Save a payment card, so a paid plan and any orders over your plan are billed without interruption.',
    completion_btn_text: 'Add a card',
    completion_link: '/subscription-plans',
    external_link: null,
    iframe_link: null,
    dependency: null,
    scope: 'user',
    sort_order: 90,
  },
];
