import { MOBILE_MEDIA_QUERY } from '@pos/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SETTINGS, createAssistantApi, type FakeAssistantState } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { assistantTestIds as ids } from '../../testIds';
import { Assistant } from './Assistant';

function stateWith(
  completed: FakeAssistantState['completed'],
  settings: Partial<FakeAssistantState['settings']> = {},
): FakeAssistantState {
  return { completed, createNewTicket: false, settings: { ...SETTINGS, ...settings } };
}

function setup(state = stateWith([]), viewer = {}) {
  const fake = createAssistantApi({}, state);
  const rendered = renderWithParcel(<Assistant />, { api: fake.api, viewer });
  return { ...fake, ...rendered };
}

const widgetButton = () => screen.getByTestId(ids.widget.button);
const putsOf = (requests: ReturnType<typeof setup>['requests'], key: string) =>
  requests.filter(
    (request) =>
      request.method === 'PUT' && key in ((request.body as Record<string, unknown>) ?? {}),
  );

describe('the progress widget', () => {
  it('shows a new manager every task remaining: the whole ring, 9 in it, 9 of 9 tasks left', async () => {
    setup();
    const button = await screen.findByRole('button', { name: /Assistant 9 of 9 tasks left/ });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('data-left', '9');
    expect(button).toHaveAttribute('data-total', '9');
    expect(screen.getByTestId(ids.widget.count)).toHaveTextContent('9');
    const ring = screen.getByTestId(ids.widget.ring);
    expect(ring).toHaveAttribute('data-size', 'regular');
    expect(ring).toHaveAttribute('width', '88');
    const arc = screen.getByTestId(ids.widget.ringArc);
    expect(arc).toHaveAttribute('r', '40');
    expect(arc).toHaveAttribute('stroke-width', '8');
    expect(arc).toHaveAttribute('stroke-dasharray', '251.33 251.33');
  });

  it('shows what is left of the demo manager\'s tasks, and "All tasks completed" at the end', async () => {
    const { bus, state } = setup(stateWith(['choose-plan', 'create-application']));
    expect(await screen.findByText('7 of 9 tasks left')).toBeInTheDocument();
    expect(screen.getByTestId(ids.widget.count)).toHaveTextContent('7');
    expect(screen.getByTestId(ids.widget.ringArc)).toHaveAttribute(
      'stroke-dasharray',
      '195.48 251.33',
    );
    state.completed = [
      'add-card',
      'process-first-order',
      'create-staff-user',
      'pin-station',
      'open-station',
      'set-default-station',
      'authorize-application',
      'create-application',
      'choose-plan',
    ];
    act(() => bus.emit('tasks-changed'));
    expect(await screen.findByText('All tasks completed')).toBeInTheDocument();
    expect(screen.getByTestId(ids.widget.count)).toHaveTextContent('0');
    expect(screen.getByTestId(ids.widget.ringArc)).toHaveAttribute('stroke-dasharray', '0 251.33');
  });

  it('draws the small ring, radius 30 and stroke 6, under the 992 px breakpoint', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query === MOBILE_MEDIA_QUERY,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    try {
      setup(stateWith(['choose-plan', 'create-application', 'authorize-application']));
      await screen.findByText('6 of 9 tasks left');
      const ring = screen.getByTestId(ids.widget.ring);
      expect(ring).toHaveAttribute('data-size', 'small');
      expect(ring).toHaveAttribute('width', '66');
      const arc = screen.getByTestId(ids.widget.ringArc);
      expect(arc).toHaveAttribute('r', '30');
      expect(arc).toHaveAttribute('stroke-width', '6');
      expect(arc).toHaveAttribute('stroke-dasharray', '125.66 188.5');
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('says the tasks are unavailable when they cannot be loaded', async () => {
    const fake = createAssistantApi({ tasks: () => ({ status: 500 }) });
    renderWithParcel(<Assistant />, { api: fake.api });
    expect(await screen.findByText('Tasks unavailable')).toBeInTheDocument();
    expect(screen.queryByTestId(ids.widget.count)).not.toBeInTheDocument();
  });

  it('is nothing for a banned manager, and asks the api nothing (it would answer 402)', () => {
    const { requests } = setup(stateWith([]), { isBanned: true });
    expect(screen.queryByTestId(ids.widget.root)).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('the first-task tooltip', () => {
  it("shows 'The easiest way to start using the POS.', '{n} remaining tasks' and Get Started, which opens the panel", async () => {
    setup();
    const tooltip = await screen.findByTestId(ids.tooltip.root);
    expect(tooltip).toHaveAccessibleName('The easiest way to start using the POS.');
    expect(within(tooltip).getByText('The easiest way to start using the POS.')).toBeVisible();
    expect(within(tooltip).getByTestId(ids.tooltip.remaining)).toHaveTextContent(
      '9 remaining tasks',
    );
    await userEvent.click(within(tooltip).getByRole('button', { name: 'Get Started' }));
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument();
    expect(screen.queryByTestId(ids.tooltip.root)).not.toBeInTheDocument();
  });

  it('goes for this visit with Not now', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId(ids.tooltip.root)).not.toBeInTheDocument();
    expect(widgetButton()).toBeInTheDocument();
  });

  it('is not shown once a task is completed, nor when firstTaskCompleted is set', async () => {
    const first = setup(stateWith(['choose-plan']));
    await screen.findByText('8 of 9 tasks left');
    expect(screen.queryByTestId(ids.tooltip.root)).not.toBeInTheDocument();
    first.unmount();

    setup(stateWith([], { firstTaskCompleted: true }));
    await screen.findByText('9 of 9 tasks left');
    expect(screen.queryByTestId(ids.tooltip.root)).not.toBeInTheDocument();
  });
});

describe('tasks completed while the dashboard is open', () => {
  it('shows no bubble for what the first load finds completed', async () => {
    const { bubbles } = setup(stateWith(['create-application', 'choose-plan']));
    await screen.findByText('7 of 9 tasks left');
    expect(bubbles).toEqual([]);
  });

  it('shows the taskCompletion bubble naming the newest completed task when the count rises', async () => {
    const { bus, bubbles, state } = setup(stateWith(['choose-plan']));
    await screen.findByText('8 of 9 tasks left');
    state.completed.unshift('authorize-application', 'create-application');
    act(() => bus.emit('tasks-changed'));
    await screen.findByText('6 of 9 tasks left');
    expect(bubbles).toEqual([
      { message: 'Assistant task completed: Authorize your application', status: 'taskCompletion' },
    ]);
    // The same count again (another reload) is no news.
    act(() => bus.emit('tasks-changed'));
    await waitFor(() => expect(screen.getByText('6 of 9 tasks left')).toBeInTheDocument());
    expect(bubbles).toHaveLength(1);
  });

  it('sets firstTaskCompleted once, with the first completion seen', async () => {
    const { bus, bubbles, state, requests } = setup();
    await screen.findByText('9 of 9 tasks left');
    state.completed.unshift('choose-plan');
    act(() => bus.emit('tasks-changed'));
    await waitFor(() => expect(putsOf(requests, 'firstTaskCompleted')).toHaveLength(1));
    expect(putsOf(requests, 'firstTaskCompleted')[0]!.body).toEqual({ firstTaskCompleted: true });
    expect(state.settings.firstTaskCompleted).toBe(true);

    state.completed.unshift('create-application');
    act(() => bus.emit('tasks-changed'));
    await waitFor(() => expect(bubbles).toHaveLength(2));
    expect(bubbles[1]!.message).toBe('Assistant task completed: Create an application');
    expect(putsOf(requests, 'firstTaskCompleted')).toHaveLength(1);
  });

  it('does not set firstTaskCompleted when it is set already', async () => {
    const { bus, bubbles, state, requests } = setup(stateWith([], { firstTaskCompleted: true }));
    await screen.findByText('9 of 9 tasks left');
    state.completed.unshift('choose-plan');
    act(() => bus.emit('tasks-changed'));
    await waitFor(() => expect(bubbles).toHaveLength(1));
    expect(putsOf(requests, 'firstTaskCompleted')).toEqual([]);
  });

  it('reloads the tasks on activity-logged (a feed entry may be what proved a task)', async () => {
    const { bus, state } = setup(stateWith(['choose-plan']));
    await screen.findByText('8 of 9 tasks left');
    state.completed.unshift('create-application');
    act(() => bus.emit('activity-logged', { feedType: 'applicationAdded', name: 'Coffee' }));
    expect(await screen.findByText('7 of 9 tasks left')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the Assistant and reloads the tasks on an errorNotification feed entry', async () => {
    const { bus, state } = setup(stateWith(['choose-plan']));
    await screen.findByText('8 of 9 tasks left');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    state.completed.unshift('create-application');
    act(() =>
      bus.emit('activity-logged', { feedType: 'errorNotification', name: 'Store unreachable' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Assistant' })).toBeInTheDocument();
    expect(await screen.findByText('7 of 9 tasks left')).toBeInTheDocument();
  });

  it('another feed entry leaves the Assistant closed', async () => {
    const { bus } = setup(stateWith(['choose-plan']));
    await screen.findByText('8 of 9 tasks left');
    act(() => bus.emit('activity-logged', { feedType: 'orderProcessed', name: 'Order #1' }));
    await screen.findByText('8 of 9 tasks left');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
