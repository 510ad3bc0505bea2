import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockToggle } from './BlockToggle';

describe('BlockToggle', () => {
  it('shows Active, not pressed, for a user who is not blocked', async () => {
    const onToggle = jest.fn();
    render(<BlockToggle status="unblock" userName="Ada Admin" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Active' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleDescription('Block Ada Admin');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('shows Blocked, pressed, for a blocked user', () => {
    render(<BlockToggle status="block" userName="Ada Admin" onToggle={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Blocked' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleDescription('Unblock Ada Admin');
  });

  it('cannot be pressed again while the change is being saved', () => {
    render(<BlockToggle status="block" userName="Ada Admin" pending onToggle={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Blocked' })).toBeDisabled();
  });
});
