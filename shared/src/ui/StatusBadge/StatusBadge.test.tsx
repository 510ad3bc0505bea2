import { render, screen } from '@testing-library/react';
import { StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it('shows Authorized as a success', () => {
    render(<StatusBadge status={{ code: 'authorized', label: 'Authorized', reason: null }} />);
    const badge = screen.getByText('Authorized');
    expect(badge).toHaveClass('pos-badge--success');
    expect(badge).not.toHaveAttribute('title');
  });

  it('shows Unverified as a danger with the reason the api gave as its title', () => {
    render(
      <StatusBadge
        status={{
          code: 'unverified',
          label: 'Unverified',
          reason: 'The store at shop.test could not be reached',
        }}
        data-testid="status"
      />,
    );
    const badge = screen.getByTestId('status');
    expect(badge).toHaveTextContent(/^Unverified$/);
    expect(badge).toHaveClass('pos-badge--danger');
    expect(badge).toHaveAttribute('title', 'The store at shop.test could not be reached');
  });

  it('shows Authorizing and Not authorized in their own tones', () => {
    render(
      <>
        <StatusBadge status={{ code: 'authorizing', label: 'Authorizing', reason: null }} />
        <StatusBadge status={{ code: 'not-authorized', label: 'Not authorized', reason: null }} />
      </>,
    );
    expect(screen.getByText('Authorizing')).toHaveClass('pos-badge--info');
    expect(screen.getByText('Not authorized')).toHaveClass('pos-badge--neutral');
  });
});
