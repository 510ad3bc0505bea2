import { ASSISTANT_TASK_CATALOGUE, ASSISTANT_TASK_IDS } from '../../../src/db/assistant-tasks';
import { linkFor, supportCardOf, taskListOf } from '../../../src/domain/assistant/tasks';
import type { OwnApplication, TaskWithCompletion } from '../../../src/repositories/user-tasks';

const CREATED = '2026-01-01T00:00:00.000Z';

/** The catalogue as the repository reads it, with the given completions. */
function rows(
  completions: Record<string, { at: string; app?: string | null; by?: 'event' | 'manual' }> = {},
): TaskWithCompletion[] {
  return ASSISTANT_TASK_CATALOGUE.map((task) => {
    const done = completions[task.id];
    return {
      ...task,
      created_at: CREATED,
      user_task_id: done ? `ut-${task.id}` : null,
      application_id: done ? (done.app ?? null) : null,
      completed_at: done?.at ?? null,
      completed_by: done ? (done.by ?? 'event') : null,
    };
  });
}

const app = (id: string, verified: boolean, createdAt = CREATED): OwnApplication => ({
  id,
  verified,
  createdAt,
});

describe('the task catalogue', () => {
  it('has the nine tasks of issue 14, each depending on one listed before it', () => {
    expect(ASSISTANT_TASK_CATALOGUE.map((t) => t.id)).toEqual([...ASSISTANT_TASK_IDS]);
    const seen = new Set<string>();
    for (const task of ASSISTANT_TASK_CATALOGUE) {
      if (task.dependency) expect(seen.has(task.dependency)).toBe(true);
      seen.add(task.id);
      expect(task.name).toMatch(/^[A-Z]/);
      expect(task.description.length).toBeGreaterThan(40);
      expect(task.description).toMatch(/\.$/);
      expect(task.completion_btn_text.length).toBeGreaterThan(3);
    }
    const orders = ASSISTANT_TASK_CATALOGUE.map((t) => t.sort_order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
  });

  it('puts the plan and the card on the account, the rest on an application', () => {
    const scopes = Object.fromEntries(ASSISTANT_TASK_CATALOGUE.map((t) => [t.id, t.scope]));
    expect(scopes['choose-plan']).toBe('user');
    expect(scopes['add-card']).toBe('user');
    expect(Object.values(scopes).filter((s) => s === 'application')).toHaveLength(7);
  });
});

describe('taskListOf', () => {
  it('counts and orders: completed newest first, incomplete in catalogue order', () => {
    const list = taskListOf(
      rows({
        'choose-plan': { at: '2026-02-01T10:00:00.000Z' },
        'add-card': { at: '2026-02-03T10:00:00.000Z', by: 'manual' },
        'create-application': { at: '2026-02-02T10:00:00.000Z', app: 'a1' },
      }),
      [app('a1', false)],
    );
    expect(list.completed.map((t) => t.assistantTaskId)).toEqual([
      'add-card',
      'create-application',
      'choose-plan',
    ]);
    expect(list.completed[0]).toMatchObject({
      id: 'ut-add-card',
      completedBy: 'manual',
      createdAt: '2026-02-03T10:00:00.000Z',
      locked: false,
    });
    expect(list.incomplete.map((t) => t.assistantTaskId)).toEqual([
      'authorize-application',
      'set-default-station',
      'open-station',
      'pin-station',
      'create-staff-user',
      'process-first-order',
    ]);
    expect(list.totalAll).toBe(9);
    expect(list.leftToComplete).toBe(6);
  });

  it('locks a task only while its own dependency is incomplete', () => {
    const list = taskListOf(
      rows({
        'create-application': { at: CREATED, app: 'a1' },
        'authorize-application': { at: CREATED, app: 'a1' },
      }),
      [app('a1', true)],
    );
    const state = Object.fromEntries(
      list.incomplete.map((t) => [t.assistantTaskId, [t.locked, t.waitingFor]]),
    );
    expect(state).toEqual({
      'choose-plan': [false, null],
      'set-default-station': [false, null],
      'open-station': [false, null],
      'pin-station': [false, null],
      'create-staff-user': [false, null],
      'process-first-order': [true, 'Open a station'],
      'add-card': [false, null],
    });
  });

  it('shows a task completed before its dependency as completed, not locked', () => {
    const list = taskListOf(rows({ 'process-first-order': { at: CREATED, app: 'a1' } }), [
      app('a1', true),
    ]);
    expect(list.completed[0]).toMatchObject({ locked: false, waitingFor: null });
  });

  it('points an incomplete task at the application its dependency was completed for', () => {
    const list = taskListOf(
      rows({
        'create-application': { at: CREATED, app: 'a1' },
        'authorize-application': { at: CREATED, app: 'a1' },
      }),
      // Newest first: a2 is newer and authorized too.
      [app('a2', true), app('a1', true)],
    );
    const open = list.incomplete.find((t) => t.assistantTaskId === 'open-station');
    expect(open).toMatchObject({
      applicationId: 'a1',
      completionLink: '/applications/a1/stations',
    });
  });

  it('falls back to the newest suitable application when the dependency’s is gone', () => {
    const list = taskListOf(rows({ 'create-application': { at: CREATED, app: null } }), [
      app('a3', true),
      app('a2', false),
      app('a1', false),
    ]);
    const find = (id: string) => list.incomplete.find((t) => t.assistantTaskId === id);
    // Authorizing: the newest application not yet authorized.
    expect(find('authorize-application')?.applicationId).toBe('a2');
    // The others: the newest authorized one.
    expect(find('pin-station')?.applicationId).toBe('a3');
    // Account tasks never name one.
    expect(find('choose-plan')?.applicationId).toBeNull();
  });

  it('keeps a completed task’s application, even one no longer the user’s', () => {
    const list = taskListOf(rows({ 'create-application': { at: CREATED, app: null } }), []);
    expect(list.completed[0]).toMatchObject({
      applicationId: null,
      completionLink: '/applications/create',
    });
  });
});

describe('linkFor', () => {
  it('fills in the application, or goes to the applications list without one', () => {
    expect(linkFor('/applications/{applicationId}/stations', 'a-1')).toBe(
      '/applications/a-1/stations',
    );
    expect(linkFor('/applications/{applicationId}', null)).toBe('/applications');
    expect(linkFor('/subscription-plans', null)).toBe('/subscription-plans');
    expect(linkFor(null, 'a-1')).toBeNull();
    expect(linkFor('/applications/{applicationId}', 'a/b?c')).toBe('/applications/a%2Fb%3Fc');
  });
});

describe('supportCardOf', () => {
  it('gives the support card its texts and the user’s setting', () => {
    expect(supportCardOf(true)).toEqual({
      name: 'Need a hand?',
      description:
        'Stuck on a step, or something not working as it should? Send a message to our support team and we will answer by email.',
      createNewTicket: true,
      completionBtnText: 'Create new ticket',
    });
  });
});
