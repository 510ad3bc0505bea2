// The api's answers in its shapes (GET user-tasks and friends, the user settings), for the
// component tests and the dev page.
import { TOTAL_ALL_HEADER } from '@pos/shared';
import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import type { AssistantTask, SupportCardDetails, UserSettings, UserTasks } from './types';
import { LEFT_TO_COMPLETE_HEADER, assistantApiPaths } from './urls';

/** A catalogue task as the api's migration seeds it (issue 14), links filled for app-coffee. */
interface CatalogueTask {
  id: string;
  name: string;
  description: string;
  completionBtnText: string;
  completionLink: string | null;
  externalLink?: string | null;
  iframeLink?: string | null;
  dependency: string | null;
  application: boolean;
}

/** The nine tasks of the api's catalogue, in its order. */
export const CATALOGUE: readonly CatalogueTask[] = [
  {
    id: 'choose-plan',
    name: 'Choose a plan',
    description:
      'Pick the plan that fits your store. Trial is free for your first 50 orders, and you can move to a bigger plan at any time.',
    completionBtnText: 'Choose a plan',
    completionLink: '/subscription-plans',
    dependency: null,
    application: false,
  },
  {
    id: 'create-application',
    name: 'Create an application',
    description:
      'Add your WooCommerce store as an application: give it a name and the address of the site.',
    completionBtnText: 'Create application',
    completionLink: '/applications/create',
    dependency: null,
    application: true,
  },
  {
    id: 'authorize-application',
    name: 'Authorize your application',
    description:
      'Connect the store to the dashboard: authorize with your WordPress account, or enter the WooCommerce REST API key and secret.',
    completionBtnText: 'Authorize',
    completionLink: '/applications/app-coffee',
    dependency: 'create-application',
    application: true,
  },
  {
    id: 'set-default-station',
    name: 'Set the default station',
    description:
      "Choose the station that opens at your store's main POS address, so your team always lands on the right register.",
    completionBtnText: 'Set default station',
    completionLink: '/applications/app-coffee/stations',
    dependency: 'authorize-application',
    application: true,
  },
  {
    id: 'open-station',
    name: 'Open a station',
    description:
      'Launch one of your POS stations in the cloud and sign in to the register, ready to sell.',
    completionBtnText: 'Open a station',
    completionLink: '/applications/app-coffee/stations',
    dependency: 'authorize-application',
    application: true,
  },
  {
    id: 'pin-station',
    name: 'Pin a station to Quick Launch',
    description:
      'Turn on Quick Launch for the station you use most, and open it straight from your dashboard.',
    completionBtnText: 'Pin a station',
    completionLink: '/applications/app-coffee/stations',
    dependency: 'authorize-application',
    application: true,
  },
  {
    id: 'create-staff-user',
    name: 'Create a staff user',
    description:
      'Give a cashier or a shop manager their own POS account, so every sale shows who made it.',
    completionBtnText: 'Create staff user',
    completionLink: '/staff/create',
    dependency: 'authorize-application',
    application: true,
  },
  {
    id: 'process-first-order',
    name: 'Process your first order',
    description:
      'Ring up a sale on an open station. The first order taken at the point of sale completes this task.',
    completionBtnText: 'Go to stations',
    completionLink: '/stations',
    dependency: 'open-station',
    application: true,
  },
  {
    id: 'add-card',
    name: 'Add a card',
    description:
      'Save a payment card, so a paid plan and any orders over your plan are billed without interruption.',
    completionBtnText: 'Add a card',
    completionLink: '/subscription-plans',
    dependency: null,
    application: false,
  },
];

/** The support card's texts, as the api answers them. */
export const SUPPORT_CARD: Omit<SupportCardDetails, 'createNewTicket'> = {
  name: 'Need a hand?',
  description:
    'Stuck on a step, or something not working as it should? Send a message to our support team and we will answer by email.',
  completionBtnText: 'Create new ticket',
};

/** One completion: when, and by what. */
export interface Completion {
  id: string;
  completedAt?: string;
  completedBy?: 'event' | 'manual';
}

/** A catalogue task with extra links, e.g. a task shown in the onboarding overlay. */
export type CatalogueChange = Partial<Omit<CatalogueTask, 'id'>>;

/**
 * GET user-tasks' data for these completions (newest first as given), with the locking the api
 * applies: an incomplete task is locked while its dependency is incomplete.
 */
export function userTasksOf(
  completions: ReadonlyArray<string | Completion>,
  {
    createNewTicket = false,
    changes = {},
  }: { createNewTicket?: boolean; changes?: Record<string, CatalogueChange> } = {},
): UserTasks {
  const done = new Map(
    completions
      .map((completion) => (typeof completion === 'string' ? { id: completion } : completion))
      .map((completion, index) => [completion.id, { ...completion, index }] as const),
  );
  const catalogue = CATALOGUE.map((task) => ({ ...task, ...changes[task.id] }));
  const nameOf = (id: string) => catalogue.find((task) => task.id === id)?.name ?? id;
  const taskOf = (task: (typeof catalogue)[number]): AssistantTask => {
    const completion = done.get(task.id);
    const locked = !completion && task.dependency !== null && !done.has(task.dependency);
    return {
      id: completion ? `completion-${task.id}` : null,
      assistantTaskId: task.id,
      applicationId: task.application ? 'app-coffee' : null,
      name: task.name,
      description: task.description,
      dependency: task.dependency,
      completionLink: task.completionLink,
      externalLink: task.externalLink ?? null,
      iframeLink: task.iframeLink ?? null,
      completionBtnText: task.completionBtnText,
      createdAt: completion?.completedAt ?? '2026-11-01T08:00:00.000Z',
      completedAt: completion ? (completion.completedAt ?? '2026-11-26T10:00:00.000Z') : null,
      completedBy: completion ? (completion.completedBy ?? 'event') : null,
      locked,
      waitingFor: locked && task.dependency ? nameOf(task.dependency) : null,
    };
  };
  const completed = catalogue
    .filter((task) => done.has(task.id))
    .sort((a, b) => done.get(a.id)!.index - done.get(b.id)!.index)
    .map(taskOf);
  const incomplete = catalogue.filter((task) => !done.has(task.id)).map(taskOf);
  return {
    completed,
    incomplete,
    supportCardDetails: { ...SUPPORT_CARD, createNewTicket },
    totalAll: catalogue.length,
    leftToComplete: incomplete.length,
  };
}

/** The demo manager's settings (GET user-settings). */
export const SETTINGS: UserSettings = {
  userRole: 'manager',
  quickLaunchPOSIds: {},
  showAssistantInPOS: true,
  firstTaskCompleted: false,
};

/** What the fake api answers; any route may be replaced by a test. */
export interface FakeAssistantApi {
  tasks?: () => FakeResponse | Promise<FakeResponse>;
  complete?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  support?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  supportRequest?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  settings?: () => FakeResponse | Promise<FakeResponse>;
  saveSettings?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
}

/** The state the fake api keeps: what is completed (newest first), the card, the settings. */
export interface FakeAssistantState {
  completed: Array<string | Completion>;
  createNewTicket: boolean;
  settings: UserSettings;
  changes?: Record<string, CatalogueChange>;
}

/** GET user-tasks' answer for a state, with its two headers. */
export function userTasksAnswer(state: FakeAssistantState): FakeResponse {
  const data = userTasksOf(state.completed, {
    createNewTicket: state.createNewTicket,
    changes: state.changes,
  });
  return {
    status: 200,
    data: { data },
    headers: {
      [TOTAL_ALL_HEADER]: String(data.totalAll),
      [LEFT_TO_COMPLETE_HEADER]: String(data.leftToComplete),
    },
  };
}

/**
 * An in-memory api of the Assistant's routes: GET user-tasks from `state`, POST user-tasks that
 * completes a task by hand (newest first), PATCH user-tasks/support, a support request answered
 * 201 with an id, GET and PUT user-settings. `state` is the test's to change (a task completed
 * by an event elsewhere).
 */
export function createAssistantApi(
  routes: FakeAssistantApi = {},
  state: FakeAssistantState = {
    completed: [],
    createNewTicket: false,
    settings: { ...SETTINGS },
  },
) {
  let requestCount = 0;
  const fake = createFakeApi((request) => {
    const { method, url } = request;
    if (url === assistantApiPaths.userTasks && method === 'GET') {
      return routes.tasks?.() ?? userTasksAnswer(state);
    }
    if (url === assistantApiPaths.userTasks && method === 'POST') {
      if (routes.complete) return routes.complete(request);
      const { assistantTaskId } = request.body as { assistantTaskId: string };
      state.completed.unshift({ id: assistantTaskId, completedBy: 'manual' });
      const task = userTasksOf(state.completed).completed[0]!;
      return { status: 201, data: { data: task } };
    }
    if (url === assistantApiPaths.support && method === 'PATCH') {
      if (routes.support) return routes.support(request);
      state.createNewTicket = (request.body as { createNewTicket: boolean }).createNewTicket;
      return {
        status: 200,
        data: { data: { ...SUPPORT_CARD, createNewTicket: state.createNewTicket } },
      };
    }
    if (url === assistantApiPaths.supportRequest && method === 'POST') {
      if (routes.supportRequest) return routes.supportRequest(request);
      requestCount += 1;
      return {
        status: 201,
        data: { id: `sr-${requestCount}`, message: 'Your support request was sent' },
      };
    }
    if (url === assistantApiPaths.userSettings && method === 'GET') {
      return routes.settings?.() ?? { status: 200, data: state.settings };
    }
    if (url === assistantApiPaths.userSettings && method === 'PUT') {
      if (routes.saveSettings) return routes.saveSettings(request);
      state.settings = { ...state.settings, ...(request.body as Partial<UserSettings>) };
      return { status: 200, data: state.settings };
    }
    return { status: 404, data: { message: `no fake for ${method} ${url}` } };
  });
  return { ...fake, state };
}
