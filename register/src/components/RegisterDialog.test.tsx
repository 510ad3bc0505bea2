import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { RegisterDialog } from './RegisterDialog';

function Dialog({
  error = null,
  onCancel = () => undefined,
  onSubmit = () => undefined,
}: {
  error?: string | null;
  onCancel?: () => void;
  onSubmit?: () => void;
}) {
  const first = useRef<HTMLInputElement>(null);
  return (
    <RegisterDialog
      titleId="test-title"
      title="Test dialog"
      initialFocus={first}
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      error={error}
      intro={<p>Before the form</p>}
      actions={<button type="submit">Go</button>}
    >
      <label htmlFor="test-field">Field</label>
      <input id="test-field" ref={first} />
    </RegisterDialog>
  );
}

describe('RegisterDialog', () => {
  it('is a modal named by its title, focused on its first field, Cancel before its actions', () => {
    render(<Dialog />);
    const dialog = screen.getByRole('dialog', { name: 'Test dialog' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Field')).toHaveFocus();
    expect(screen.getByText('Before the form')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Cancel',
      'Go',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels on Escape and on Cancel, submits on Enter and shows its error as an alert', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    const onSubmit = jest.fn();
    const { rerender } = render(<Dialog onCancel={onCancel} onSubmit={onSubmit} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    await user.type(screen.getByLabelText('Field'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Dialog error="Something is wrong" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something is wrong');
  });
});
