import { ASSISTANT_TASK_CATALOGUE } from '../../../src/db/assistant-tasks';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE, call, changeUser } from '../../helpers/applications';
import { baseUrlOf, openStream } from '../../helpers/live';
import { insertApplication, userIdOf } from '../../helpers/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 30_000);
afterAll(() => ctx.close());

interface Task {
  id: string | null;
  assistantTaskId: string;
  applicationId: string | null;
  name: string;
  dependency: string | null;
  completionLink: string | null;
  completedAt: string | null;
  completedBy: 'event' | 'manual' | null;
  locked: boolean;
  waitingFor: string | null;
}
interface TaskData {
  completed: Task[];
  incomplete: Task[];
  supportCardDetails: {
    name: string;
    description: string;
    createNewTicket: boolean;
    completionBtnText: string;
  };
  totalAll: number;
  leftToComplete: number;
}

const list = async (sub: string) => {
  const response = await call(ctx, 'GET', '/user-tasks', undefined, sub);
  expect(response.statusCode).toBe(200);
  return { response, data: (response.json() as { data: TaskData }).data };
};
const markDone = (sub: string, assistantTaskId: string, applicationId?: string | null) =>
  call(
    ctx,
    'POST',
    '/user-tasks',
    applicationId === undefined ? { assistantTaskId } : { assistantTaskId, applicationId },
    sub,
  );
const find = (data: TaskData, id: string) =>
  [...data.completed, ...data.incomplete].find((task) => task.assistantTaskId === id)!;

describe('GET /user-tasks', () => {
  it('lists the whole catalogue for a new manager, with the counts in the body and the headers', async () => {
    const { response, data } = await list('usr_ut_new');
    expect(data.completed).toEqual([]);
    expect(data.incomplete.map((t) => t.assistantTaskId)).toEqual(
      ASSISTANT_TASK_CATALOGUE.map((t) => t.id),
    );
    expect(data.totalAll).toBe(9);
    expect(data.leftToComplete).toBe(9);
    expect(response.headers['x-biz-total-all']).toBe('9');
    expect(response.headers['x-biz-left-to-complete']).toBe('9');
    expect(response.headers['access-control-expose-headers']).toBe(
      'x-biz-total-all, x-biz-left-to-complete',
    );
    expect(data.supportCardDetails).toEqual({
      name: 'Need a hand?',
      description: expect.stringContaining('support team') as string,
      createNewTicket: false,
      completionBtnText: 'Create new ticket',
    });
  });

  it('gives every task its texts, links and state', async () => {
    const { data } = await list('usr_ut_new');
    expect(find(data, 'choose-plan')).toEqual({
      id: null,
      assistantTaskId: 'choose-plan',
      applicationId: null,
      name: 'Choose a plan',
      description: expect.any(String) as string,
      dependency: null,
      completionLink: '/subscription-plans',
      externalLink: null,
      iframeLink: null,
      completionBtnText: 'Choose a plan',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      completedAt: null,
      completedBy: null,
      locked: false,
      waitingFor: null,
    });
    for (const task of data.incomplete) {
      expect(task.name.length).toBeGreaterThan(5);
      expect(task.completionLink).toMatch(/^\/[a-z/-]*$/);
    }
  });

  it('locks a task while its dependency is incomplete, naming what it waits for', async () => {
    const { data } = await list('usr_ut_new');
    const locks = Object.fromEntries(
      data.incomplete.map((t) => [t.assistantTaskId, t.locked ? t.waitingFor : null]),
    );
    expect(locks).toEqual({
      'choose-plan': null,
      'create-application': null,
      'authorize-application': 'Create an application',
      'set-default-station': 'Authorize your application',
      'open-station': 'Authorize your application',
      'pin-station': 'Authorize your application',
      'create-staff-user': 'Authorize your application',
      'process-first-order': 'Open a station',
      'add-card': null,
    });
    // Without an application, a link that needs one goes to the applications list.
    expect(find(data, 'authorize-application').completionLink).toBe('/applications');
  });

  it("points the application tasks at the user's application", async () => {
    const userId = await userIdOf(ctx, 'usr_ut_apps');
    const older = await insertApplication(ctx, userId, 'Older');
    const newer = await insertApplication(ctx, userId, 'Newer');
    await ctx.database.db
      .updateTable('applications')
      .set({ is_verified_auth: 1 })
      .where('id', '=', older)
      .execute();
    const { data } = await list('usr_ut_apps');
    // Authorizing: the newest application not authorized; the rest: the newest authorized.
    expect(find(data, 'authorize-application').applicationId).toBe(newer);
    expect(find(data, 'set-default-station')).toMatchObject({
      applicationId: older,
      completionLink: `/applications/${older}/stations`,
    });
    expect(find(data, 'choose-plan').applicationId).toBeNull();
  });
});

describe('POST /user-tasks', () => {
  it('marks a task Done by hand (201), and again changes nothing (200)', async () => {
    const first = await markDone('usr_ut_manual', 'choose-plan', null);
    expect(first.statusCode).toBe(201);
    const task = (first.json() as { data: Task }).data;
    expect(task).toMatchObject({
      assistantTaskId: 'choose-plan',
      completedBy: 'manual',
      locked: false,
      waitingFor: null,
    });
    expect(task.id).toEqual(expect.any(String));
    const again = await markDone('usr_ut_manual', 'choose-plan');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const { data } = await list('usr_ut_manual');
    expect(data.completed.map((t) => t.assistantTaskId)).toEqual(['choose-plan']);
    expect(data.leftToComplete).toBe(8);
    const rows = await ctx.database.db
      .selectFrom('user_tasks')
      .select('id')
      .where('user_id', '=', await userIdOf(ctx, 'usr_ut_manual'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps a task marked by hand manual when the event that proves it comes later', async () => {
    await markDone('usr_ut_kept', 'choose-plan');
    const subscribed = await call(
      ctx,
      'POST',
      '/subscription',
      { planId: 'plan_trial' },
      'usr_ut_kept',
    );
    expect(subscribed.statusCode).toBe(200);
    expect(find((await list('usr_ut_kept')).data, 'choose-plan').completedBy).toBe('manual');
  });

  it('keeps a task proven by an event when it is marked Done afterwards', async () => {
    await call(ctx, 'POST', '/subscription', { planId: 'plan_trial' }, 'usr_ut_event');
    const response = await markDone('usr_ut_event', 'choose-plan');
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Task }).data.completedBy).toBe('event');
  });

  it('records the application of an application task, which must be the caller’s own', async () => {
    const mine = await insertApplication(ctx, await userIdOf(ctx, 'usr_ut_owner'), 'Mine');
    const theirs = await insertApplication(ctx, await userIdOf(ctx, 'usr_ut_other'), 'Theirs');
    const refused = await markDone('usr_ut_owner', 'create-application', theirs);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Application not found', code: 'ERR_NOT_FOUND' });
    expect((await markDone('usr_ut_owner', 'create-application', 'no-such-app')).statusCode).toBe(
      404,
    );
    const done = await markDone('usr_ut_owner', 'create-application', mine);
    expect(done.statusCode).toBe(201);
    expect((done.json() as { data: Task }).data.applicationId).toBe(mine);
    // The other user's list is untouched.
    expect((await list('usr_ut_other')).data.completed).toEqual([]);
  });

  it('answers 404 for a task the catalogue does not have', async () => {
    const response = await markDone('usr_ut_owner', 'launch-rocket');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Task not found', code: 'ERR_NOT_FOUND' });
  });

  it('refuses a task whose dependency is incomplete with 409', async () => {
    const response = await markDone('usr_ut_locked', 'process-first-order');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "This task is waiting for 'Open a station': complete that task first.",
      code: 'ERR_TASK_LOCKED',
    });
    expect((await list('usr_ut_locked')).data.completed).toEqual([]);
    // Done in order, every step is taken.
    for (const id of ['create-application', 'authorize-application', 'open-station']) {
      expect((await markDone('usr_ut_locked', id)).statusCode).toBe(201);
    }
    expect((await markDone('usr_ut_locked', 'process-first-order')).statusCode).toBe(201);
  });

  it.each([
    [{}, "body must have required property 'assistantTaskId'"],
    [{ assistantTaskId: '' }, 'body/assistantTaskId must NOT have fewer than 1 characters'],
    [
      { assistantTaskId: 'choose-plan', extra: 1 },
      "body must NOT have additional property 'extra'",
    ],
    [{ assistantTaskId: 'choose-plan', applicationId: 7 }, 'body/applicationId must be string'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await call(ctx, 'POST', '/user-tasks', payload, 'usr_ut_owner');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('completes concurrent marks of one task once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => markDone('usr_ut_race', 'add-card')),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await ctx.database.db
      .selectFrom('user_tasks')
      .selectAll()
      .where('user_id', '=', await userIdOf(ctx, 'usr_ut_race'))
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('PATCH /user-tasks/support', () => {
  it('stores whether the support card shows the new-ticket form', async () => {
    const on = await call(
      ctx,
      'PATCH',
      '/user-tasks/support',
      { createNewTicket: true },
      'usr_ut_support',
    );
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ createNewTicket: true, name: 'Need a hand?' });
    expect((await list('usr_ut_support')).data.supportCardDetails.createNewTicket).toBe(true);
    // The other settings are untouched.
    const settings = await call(ctx, 'GET', '/user-settings', undefined, 'usr_ut_support');
    expect(settings.json()).toMatchObject({ showAssistantInPOS: true, firstTaskCompleted: false });
    await call(ctx, 'PATCH', '/user-tasks/support', { createNewTicket: false }, 'usr_ut_support');
    expect((await list('usr_ut_support')).data.supportCardDetails.createNewTicket).toBe(false);
    expect((await list('usr_ut_new')).data.supportCardDetails.createNewTicket).toBe(false);
  });

  it.each([[{}], [{ createNewTicket: 'yes' }], [{ createNewTicket: true, more: 1 }]])(
    'refuses %j with 400',
    async (payload) => {
      const response = await call(ctx, 'PATCH', '/user-tasks/support', payload, 'usr_ut_support');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ERR_VALIDATION');
    },
  );
});

describe('the Assistant settings of PUT /user-settings', () => {
  it('takes showAssistantInPOS both ways and firstTaskCompleted only as true', async () => {
    const put = (payload: object) => call(ctx, 'PUT', '/user-settings', payload, 'usr_ut_settings');
    expect((await put({ showAssistantInPOS: false })).json().showAssistantInPOS).toBe(false);
    expect((await put({ showAssistantInPOS: true })).json().showAssistantInPOS).toBe(true);
    expect((await put({ firstTaskCompleted: true })).json().firstTaskCompleted).toBe(true);
    const unset = await put({ firstTaskCompleted: false });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().message).toContain('body/firstTaskCompleted must be equal to constant');
    // Another change leaves the flag set.
    expect((await put({ showAssistantInPOS: false })).json()).toMatchObject({
      showAssistantInPOS: false,
      firstTaskCompleted: true,
    });
  });
});

describe('who may use the Assistant', () => {
  const routes: Array<[string, 'GET' | 'POST' | 'PATCH', string, object | undefined]> = [
    ['list', 'GET', '/user-tasks', undefined],
    ['mark done', 'POST', '/user-tasks', { assistantTaskId: 'choose-plan' }],
    ['support card', 'PATCH', '/user-tasks/support', { createNewTicket: true }],
    [
      'support request',
      'POST',
      '/user-tasks/send-support-request',
      { subject: 'Help me', message: 'A message long enough' },
    ],
  ];

  it.each(routes)('refuses a cashier the %s with 403', async (_name, method, url, payload) => {
    await changeUser(ctx, 'usr_ut_cashier', { user_role: 'other' });
    const response = await call(ctx, method, url, payload, 'usr_ut_cashier');
    expect(response.statusCode).toBe(403);
  });

  it.each(routes)(
    'refuses a banned manager the %s with 402',
    async (_name, method, url, payload) => {
      await changeUser(ctx, 'usr_ut_banned', { block: 'block' });
      const response = await call(ctx, method, url, payload, 'usr_ut_banned');
      expect(response.statusCode).toBe(402);
    },
  );

  it('refuses a caller without a token with 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${BASE}/user-tasks` });
    expect(response.statusCode).toBe(401);
  });

  it('never completes a task for a cashier, whatever they do', async () => {
    await changeUser(ctx, 'usr_ut_cashier', { user_role: 'other' });
    await call(ctx, 'POST', '/subscription', { planId: 'plan_cashier' }, 'usr_ut_cashier');
    await call(ctx, 'PUT', '/user-settings', { quickLaunchPOSId: 'app/1' }, 'usr_ut_cashier');
    const rows = await ctx.database.db
      .selectFrom('user_tasks')
      .select('id')
      .where('user_id', '=', await userIdOf(ctx, 'usr_ut_cashier'))
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the live tasks event', () => {
  let base: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrlOf(ctx.app);
  });

  async function streamOf(sub: string) {
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/live/ticket`,
      headers: await ctx.bearer(asUser(sub)),
    });
    const stream = await openStream(
      `${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket.json().ticket as string)}`,
    );
    await stream.until(() => stream.text().includes('retry:'));
    return stream;
  }

  it('tells an open dashboard that a task was completed, by an event and by hand', async () => {
    const sub = 'usr_ut_live';
    const stream = await streamOf(sub);
    try {
      // An event with a feed entry: the entry, then the task, from one transaction.
      const created = await call(
        ctx,
        'POST',
        '/applications',
        {
          name: 'Live Roasters',
          homeUrl: 'https://live-roasters.example',
        },
        sub,
      );
      expect(created.statusCode).toBe(201);
      const appId = created.json().data.id as string;
      const events = await stream.until((all) => all.some((e) => e.event === 'tasks'));
      expect(events.map((e) => e.event)).toEqual(['activity', 'tasks']);
      expect(JSON.parse(events[1]!.data)).toEqual({
        assistantTaskId: 'create-application',
        applicationId: appId,
        completedAt: expect.any(String) as string,
        completedBy: 'event',
      });
      expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
      // By hand, without a feed entry.
      await markDone(sub, 'add-card');
      const more = await stream.until((all) => all.filter((e) => e.event === 'tasks').length === 2);
      expect(JSON.parse(more[2]!.data)).toMatchObject({
        assistantTaskId: 'add-card',
        applicationId: null,
        completedBy: 'manual',
      });
      // Completing again tells nothing.
      await markDone(sub, 'add-card');
      await call(
        ctx,
        'POST',
        '/applications',
        {
          name: 'Live Roasters 2',
          homeUrl: 'https://live-roasters-2.example',
        },
        sub,
      );
      const after = await stream.until((all) => all.length === 4);
      expect(after.map((e) => e.event)).toEqual(['activity', 'tasks', 'tasks', 'activity']);
    } finally {
      stream.close();
    }
  });
});
