import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InviteOutcome } from './InviteButton';
import { InviteButton } from './InviteButton';

describe('InviteButton', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

  const sends = (outcome: InviteOutcome) => jest.fn(async () => outcome);

  it('sends an invitation, shows The invitation is sent for 3 s, then Pending with a resend', async () => {
    const user = setup();
    const onInvite = sends({ outcome: 'sent', invitationCount: 1 });
    render(<InviteButton invitationCount={0} onInvite={onInvite} />);
    expect(screen.getByText('Need Invite')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onInvite).toHaveBeenCalledTimes(1);
    const sent = await screen.findByRole('button', { name: 'The invitation is sent' });
    expect(sent).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Pending')).toBeInTheDocument();

    await user.click(sent);
    expect(onInvite).toHaveBeenCalledTimes(1);

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('button', { name: 'The invitation is sent' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
  });

  it('shows Attempt limit reached on a fourth click without sending', async () => {
    const user = setup();
    const onInvite = sends({ outcome: 'sent', invitationCount: 3 });
    render(<InviteButton invitationCount={2} onInvite={onInvite} />);
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    await screen.findByRole('button', { name: 'The invitation is sent' });
    act(() => jest.advanceTimersByTime(3000));

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(screen.getByRole('button', { name: 'Attempt limit reached' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Attempt limit reached');
    expect(onInvite).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks once the limit is reached', async () => {
    const user = setup();
    const onInvite = sends({ outcome: 'sent', invitationCount: 4 });
    render(<InviteButton invitationCount={3} onInvite={onInvite} />);
    await user.click(screen.getByRole('button', { name: 'Attempt limit reached' }));
    expect(onInvite).not.toHaveBeenCalled();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('shows the limit when the server refuses with 429', async () => {
    const user = setup();
    render(<InviteButton invitationCount={1} onInvite={sends({ outcome: 'limit' })} />);
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByRole('button', { name: 'Attempt limit reached' }),
    ).toBeInTheDocument();
  });

  it('goes back to Need Invite when the send fails', async () => {
    const user = setup();
    const onInvite = sends({ outcome: 'failed' });
    render(<InviteButton invitationCount={0} onInvite={onInvite} />);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send invitation' })).not.toHaveAttribute(
        'aria-busy',
      ),
    );
    expect(screen.getByText('Need Invite')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onInvite).toHaveBeenCalledTimes(2);
  });
});
