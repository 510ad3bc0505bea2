import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BlockToggle } from './BlockToggle';

describe('BlockToggle', () => {
  it('shows Active, titled Block {name}, for a user who is not blocked', async () => {
    const onToggle = jest.fn();
    render(<BlockToggle status="unblock" userName="Ada Admin" onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Active' });
    expect(button).toHaveTextContent('Active');
    expect(button).toHaveAttribute('title', 'Block Ada Admin');
    expect(button).toHaveAccessibleDescription('Block Ada Admin');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('shows Blocked, titled Unblock {name}, for a blocked user', () => {
    render(<BlockToggle status="block" userName="Ada Admin" onToggle={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Blocked' });
    expect(button).toHaveTextContent('Blocked');
    expect(button).toHaveAttribute('title', 'Unblock Ada Admin');
    expect(button).toHaveAccessibleDescription('Unblock Ada Admin');
  });

  it('tells its status once, by its label, not also as a pressed state', () => {
    const { rerender } = render(
      <BlockToggle status="block" userName="Ada Admin" onToggle={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Blocked' })).not.toHaveAttribute('aria-pressed');
    rerender(<BlockToggle status="unblock" userName="Ada Admin" onToggle={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Active' })).not.toHaveAttribute('aria-pressed');
  });

  it('cannot be pressed again while the change is being saved', async () => {
    const onToggle = jest.fn();
    render(<BlockToggle status="block" userName="Ada Admin" pending onToggle={onToggle} />);
    const toggle = screen.getByRole('button', { name: 'Blocked' });
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(toggle);
    expect(onToggle).not.toHaveBeenCalled();
  });
});
