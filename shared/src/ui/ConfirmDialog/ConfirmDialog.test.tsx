import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

function DeleteApplication({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        tone="danger"
        title="Delete Application"
        message="Are you sure you want to permanently delete this application?"
        confirmLabel="Delete"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks in a modal dialog and confirms with its confirm label', async () => {
    const onConfirm = jest.fn();
    render(<DeleteApplication onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Application' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to permanently delete this application?',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const onConfirm = jest.fn();
    render(<DeleteApplication onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    render(<DeleteApplication onConfirm={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await userEvent.tab();
    await userEvent.tab();
    expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(cancel).not.toHaveFocus();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('holds a choice under the message, outside its description, and confirms once it is made', async () => {
    const onConfirm = jest.fn();
    function ChangeRole() {
      const [role, setRole] = useState('cashier');
      return (
        <ConfirmDialog
          open
          title="Change role"
          message="Choose the role of Cash Ier."
          confirmLabel="Change role"
          confirmDisabled={role === 'cashier'}
          onConfirm={() => onConfirm(role)}
          onCancel={() => {}}
        >
          <label>
            Role
            <select value={role} onChange={(event) => setRole(event.target.value)}>
              <option value="cashier">Cashier</option>
              <option value="kiosk">Kiosk</option>
            </select>
          </label>
        </ConfirmDialog>
      );
    }
    render(<ChangeRole />);
    const dialog = screen.getByRole('dialog', { name: 'Change role' });
    expect(dialog).toHaveAccessibleDescription('Choose the role of Cash Ier.');
    const confirm = within(dialog).getByRole('button', { name: 'Change role' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Kiosk');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith('kiosk');
  });
});
