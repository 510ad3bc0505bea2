import { render, screen } from '@testing-library/react';
import { LoadingState } from './LoadingState';

describe('LoadingState', () => {
  it('announces what is loading as a status', () => {
    render(<LoadingState message="Loading stations" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading stations');
  });

  it('says Loading when no message is given', () => {
    render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
