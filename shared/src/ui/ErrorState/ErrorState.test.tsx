import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('alerts with the message and retries on request', async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Network Error" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button when the caller cannot retry', () => {
    render(<ErrorState message="Error!" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
