import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';

describe('Button', () => {
  it('runs its action when clicked and does not submit forms by default', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button onClick={onClick}>Create</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be clicked while loading and tells assistive technology it is busy', async () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          Subscribe
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Subscribe' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps keyboard focus while its action runs', () => {
    const { rerender } = render(<Button>Connect</Button>);
    const button = screen.getByRole('button', { name: 'Connect' });
    button.focus();
    rerender(<Button loading>Connect</Button>);
    expect(button).toHaveFocus();
    expect(button).toBeEnabled();
  });

  it('cannot be clicked when disabled', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="danger" disabled onClick={onClick}>
        Delete
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('stays focusable but ignores clicks when aria-disabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button aria-disabled="true" onClick={onClick}>
        View POS
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'View POS' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });
});
