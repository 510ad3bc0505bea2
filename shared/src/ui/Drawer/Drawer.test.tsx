import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { Drawer } from './Drawer';

function Panel({ onDone = () => undefined }: { onDone?: () => void }) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the Assistant
      </button>
      <a href="/elsewhere">Elsewhere</a>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title="Assistant"
        description="AI-Powered Tool for Streamlined and Efficient POS Operations Management"
        icon="sparkles"
        data-testid="drawer"
      >
        <button type="button" onClick={() => setAsking(true)}>
          Dismiss
        </button>
        <button type="button">Last</button>
        <ConfirmDialog
          open={asking}
          title="Did you want to mark the task completed?"
          confirmLabel="Done"
          onConfirm={() => {
            onDone();
            setAsking(false);
          }}
          onCancel={() => setAsking(false)}
        />
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is a modal dialog named by its title, described by its text, with focus on Close', async () => {
    render(<Panel />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the Assistant' }));
    const drawer = screen.getByRole('dialog', { name: 'Assistant' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toHaveAccessibleDescription(
      'AI-Powered Tool for Streamlined and Efficient POS Operations Management',
    );
    expect(within(drawer).getByRole('heading', { level: 2, name: 'Assistant' })).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape, on Close and beside it, and gives focus back to its opener', async () => {
    render(<Panel />);
    const opener = screen.getByRole('button', { name: 'Open the Assistant' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(opener);
    await userEvent.click(screen.getByTestId('drawer').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside, and takes back focus that went outside', async () => {
    render(<Panel />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the Assistant' }));
    const drawer = screen.getByRole('dialog', { name: 'Assistant' });
    const close = within(drawer).getByRole('button', { name: 'Close' });
    await userEvent.tab();
    await userEvent.tab();
    expect(within(drawer).getByRole('button', { name: 'Last' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(drawer).getByRole('button', { name: 'Last' })).toHaveFocus();
    act(() => screen.getByRole('link', { name: 'Elsewhere' }).focus());
    expect(close).toHaveFocus();
  });

  it('lets a dialog opened from it take Escape and focus, and stays open', async () => {
    const onDone = jest.fn();
    render(<Panel onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the Assistant' }));
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    await userEvent.click(dismiss);
    const question = screen.getByRole('dialog', {
      name: 'Did you want to mark the task completed?',
    });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /mark the task/ })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument();
    expect(dismiss).toHaveFocus();

    await userEvent.click(dismiss);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument();
  });
});
