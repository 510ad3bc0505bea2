import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderLean, testServices } from '../../testing/shellHarness';
import { BubbleStack } from './BubbleStack';

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

function setup() {
  const services = testServices();
  renderLean(<BubbleStack />, { services });
  return { services };
}

describe('BubbleStack', () => {
  it('shows a notify event for 15 s, animates out for 700 ms, then removes it', () => {
    const { services } = setup();
    act(() => services.bus.emit('notify', { message: 'Application saved', status: 'success' }));
    const bubble = screen.getByRole('status');
    expect(bubble).toHaveTextContent('Application saved');
    expect(bubble).toHaveClass('is-entering');

    act(() => jest.advanceTimersByTime(700));
    expect(bubble).toHaveClass('is-shown');
    act(() => jest.advanceTimersByTime(15_000 - 700 - 1));
    expect(bubble).toHaveClass('is-shown');
    act(() => jest.advanceTimersByTime(1));
    expect(bubble).toHaveClass('is-leaving');
    act(() => jest.advanceTimersByTime(699));
    expect(screen.getByText('Application saved')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Application saved')).not.toBeInTheDocument();
  });

  it("gives the Assistant's taskCompletion bubble its own look: its sparkles, not the success check", () => {
    const { services } = setup();
    act(() =>
      services.bus.emit('notify', {
        message: 'Assistant task completed: Open a station',
        status: 'taskCompletion',
      }),
    );
    act(() => services.bus.emit('notify', { message: 'Saved', status: 'success' }));
    const [task, saved] = screen.getAllByRole('status');
    expect(task).toHaveTextContent('Task completed: Assistant task completed: Open a station');
    expect(task).toHaveClass('shell-bubble--taskCompletion');
    expect(task!.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'sparkles');
    expect(saved!.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'check');
  });

  it('announces danger bubbles as alerts', () => {
    const { services } = setup();
    act(() => services.bus.emit('notify', { message: 'Store is unreachable', status: 'danger' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Store is unreachable');
  });

  it('closes a bubble with its close button after the exit animation', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { services } = setup();
    act(() => services.bus.emit('notify', { message: 'Invitation sent', status: 'info' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status')).toHaveClass('is-leaving');
    act(() => jest.advanceTimersByTime(700));
    expect(screen.queryByText('Invitation sent')).not.toBeInTheDocument();
  });

  it('replaces a bubble that carries the same id, e.g. loading then success', () => {
    const { services } = setup();
    act(() => services.bus.emit('notify', { id: 'save', message: 'Saving…', status: 'loading' }));
    act(() => services.bus.emit('notify', { id: 'save', message: 'Saved', status: 'success' }));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});
