import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SETTINGS,
  createAssistantApi,
  userTasksAnswer,
  type FakeAssistantState,
} from '../../fixtures';
import { DEMO_COMPLETED, openPanel } from '../../testing/openPanel';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { assistantTestIds as ids } from '../../testIds';
import { Assistant } from './Assistant';

const DEMO = DEMO_COMPLETED;
const EVERY_TASK = [
  'add-card',
  'process-first-order',
  'create-staff-user',
  'pin-station',
  'set-default-station',
  ...DEMO,
];

const section = (testId: string) => screen.getByTestId(testId);
const headingOf = (testId: string) => within(section(testId)).getAllByRole('heading')[0]!;

describe('the Assistant panel', () => {
  it("is a drawer headed 'Assistant' with the spec's text, its sections in the spec's order", async () => {
    const { panel } = await openPanel();
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Assistant' })).toBeVisible();
    expect(panel).toHaveAccessibleDescription(
      'AI-Powered Tool for Streamlined and Efficient POS Operations Management',
    );
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
    const headings = within(panel)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['SUPPORT', 'NEXT STEPS', 'COMPLETED', 'SETTINGS']);
    for (const name of ['SUPPORT', 'NEXT STEPS', 'COMPLETED', 'SETTINGS']) {
      expect(within(panel).getByRole('region', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByTestId(ids.panel.progress)).toHaveTextContent(
      '4 of 9 tasks completed',
    );
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
  });

  it('closes on Escape and gives focus back to the widget', async () => {
    await openPanel();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.widget.button)).toHaveFocus();
  });

  it('lists the incomplete tasks in NEXT STEPS with their name, description and button', async () => {
    await openPanel();
    const next = section(ids.sections.nextSteps);
    const items = within(next).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Set the default station',
      'Pin a station to Quick Launch',
      'Create a staff user',
      'Process your first order',
      'Add a card',
    ]);
    const task = screen.getByTestId(ids.task.incomplete('pin-station'));
    expect(task).toHaveTextContent(
      'Turn on Quick Launch for the station you use most, and open it straight from your dashboard.',
    );
    expect(within(task).getByRole('link', { name: 'Pin a station' })).toHaveAttribute(
      'href',
      '/applications/app-coffee/stations',
    );
    expect(
      within(task).getByRole('button', { name: 'Dismiss Pin a station to Quick Launch' }),
    ).toBeVisible();
  });

  it('shows a task whose dependency is incomplete locked, with what it waits for, and no button', async () => {
    await openPanel({ completed: ['choose-plan'] });
    const locked = screen.getByTestId(ids.task.incomplete('authorize-application'));
    expect(locked).toHaveAttribute('data-locked', 'true');
    expect(
      within(locked).getByTestId(ids.task.waitsFor('authorize-application')),
    ).toHaveTextContent('Waits for: Create an application');
    expect(within(locked).getByRole('heading')).toHaveAccessibleName(
      'Authorize your application (Locked)',
    );
    expect(within(locked).queryByRole('link')).not.toBeInTheDocument();
    expect(within(locked).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId(ids.task.incomplete('process-first-order'))).getByText(
        'Waits for: Open a station',
      ),
    ).toBeInTheDocument();
    const open = screen.getByTestId(ids.task.incomplete('create-application'));
    expect(open).toHaveAttribute('data-locked', 'false');
    expect(within(open).getByRole('link', { name: 'Create application' })).toBeInTheDocument();
  });

  it("goes to a task's completionLink through the router and closes", async () => {
    await openPanel();
    await userEvent.click(screen.getByRole('link', { name: 'Create staff user' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/staff/create');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens an externalLink in a new tab, and an iframeLink in the onboarding overlay', async () => {
    const { bus } = await openPanel({
      changes: {
        'add-card': {
          completionLink: null,
          externalLink: 'https://docs.cloudpos.example/cards',
          completionBtnText: 'Read the guide',
        },
        'process-first-order': {
          completionLink: null,
          iframeLink: 'https://guide.cloudpos.example/first-order',
          completionBtnText: 'Show me how',
        },
      },
      completed: [...DEMO],
    });
    const external = screen.getByRole('link', { name: 'Read the guide (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://docs.cloudpos.example/cards');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');

    const opened = jest.fn();
    bus.on('open-onboarding-iframe', opened);
    await userEvent.click(screen.getByRole('button', { name: 'Show me how' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith({
        url: 'https://guide.cloudpos.example/first-order',
        title: 'Process your first order',
      }),
    );
  });

  it("heads COMPLETED with 'Yay! All tasks completed.' when none is left, without NEXT STEPS", async () => {
    await openPanel({ completed: [...EVERY_TASK] });
    expect(screen.queryByTestId(ids.sections.nextSteps)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.sections.completedHeading)).toHaveTextContent(
      'Yay! All tasks completed.',
    );
    expect(screen.getByRole('region', { name: 'Yay! All tasks completed.' })).toBeInTheDocument();
    expect(within(section(ids.sections.completed)).getAllByRole('listitem')).toHaveLength(9);
  });

  it('lists the completed tasks newest first, telling a task marked Done from one done automatically', async () => {
    await openPanel({
      completed: [
        { id: 'open-station', completedBy: 'manual', completedAt: '2026-11-26T10:00:00Z' },
        'choose-plan',
      ],
    });
    expect(headingOf(ids.sections.completed)).toHaveTextContent('COMPLETED');
    const items = within(section(ids.sections.completed)).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Open a stationCompleted Nov 26, 2026 · Marked as done',
      'Choose a planCompleted Nov 26, 2026 · Done automatically',
    ]);
    expect(items[0]).toHaveAttribute('data-completed-by', 'manual');
  });
});

describe('dismissing a task', () => {
  it("asks 'Did you want to mark the task completed?' with the note, Cancel and Done", async () => {
    const { requests } = await openPanel();
    await userEvent.click(screen.getByTestId(ids.task.dismiss('pin-station')));
    const dialog = screen.getByRole('dialog', { name: 'Did you want to mark the task completed?' });
    expect(dialog).toHaveAttribute('data-testid', ids.dismissDialog);
    expect(dialog).toHaveAccessibleDescription(
      'Note: We recommend completing the task to automatically close the task and not marking manually as completed',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId(ids.dismissDialog)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('marks the task completed with Done, reloads, and shows it in COMPLETED with its bubble', async () => {
    const { requests, bubbles } = await openPanel();
    await userEvent.click(screen.getByTestId(ids.task.dismiss('pin-station')));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const moved = await screen.findByTestId(ids.task.completed('pin-station'));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({
        url: 'user-tasks',
        body: { assistantTaskId: 'pin-station', applicationId: 'app-coffee' },
      }),
    ]);
    expect(screen.queryByTestId(ids.task.incomplete('pin-station'))).not.toBeInTheDocument();
    expect(moved).toHaveTextContent('Marked as done');
    expect(moved).toHaveFocus();
    expect(bubbles).toEqual([
      {
        message: 'Assistant task completed: Pin a station to Quick Launch',
        status: 'taskCompletion',
      },
    ]);
  });

  it('shows why Done was refused on the task', async () => {
    await openPanel(
      {},
      {
        complete: () => ({
          status: 409,
          data: {
            message: "This task is waiting for 'Open a station': complete that task first.",
            code: 'ERR_TASK_LOCKED',
          },
        }),
      },
    );
    await userEvent.click(screen.getByTestId(ids.task.dismiss('add-card')));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId(ids.task.error('add-card'))).toHaveTextContent(
      "This task is waiting for 'Open a station': complete that task first.",
    );
    expect(screen.getByTestId(ids.task.incomplete('add-card'))).toBeInTheDocument();
  });
});

describe('SETTINGS', () => {
  it("reads 'Show Assistant in POS' from the settings and saves a change", async () => {
    const { requests, state, bus } = await openPanel();
    const settingsChanged = jest.fn();
    bus.on('settings-changed', settingsChanged);
    const toggle = screen.getByRole('switch', { name: 'Show Assistant in POS' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(requests.filter((request) => request.method === 'PUT').map((r) => r.body)).toEqual([
      { showAssistantInPOS: false },
    ]);
    expect(state.settings.showAssistantInPOS).toBe(false);
    expect(settingsChanged).toHaveBeenCalledTimes(1);
  });

  it('starts off when the setting is off, and says so when a change is not saved', async () => {
    await openPanel(
      { settings: { ...SETTINGS, showAssistantInPOS: false, firstTaskCompleted: true } },
      { saveSettings: () => ({ status: 503 }) },
    );
    const toggle = screen.getByRole('switch', { name: 'Show Assistant in POS' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByTestId(ids.settings.error)).toHaveTextContent(
      'The setting could not be saved. Please try again.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});

describe('loading the panel', () => {
  it('offers a retry when the tasks cannot be loaded, and keeps SETTINGS', async () => {
    let fail = true;
    const state: FakeAssistantState = {
      completed: [...DEMO],
      createNewTicket: false,
      settings: { ...SETTINGS, firstTaskCompleted: true },
    };
    const fake = createAssistantApi(
      { tasks: () => (fail ? { status: 500 } : userTasksAnswer(state)) },
      state,
    );
    renderWithParcel(<Assistant />, { api: fake.api });
    await screen.findByText('Tasks unavailable');
    await userEvent.click(screen.getByTestId(ids.widget.button));
    const error = await screen.findByTestId(ids.panel.error);
    expect(error).toHaveTextContent('The tasks could not be loaded');
    expect(screen.getByTestId(ids.sections.settings)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId(ids.sections.nextSteps)).toBeInTheDocument();
    expect(screen.getByText('5 of 9 tasks left')).toBeInTheDocument();
  });
});
