import { render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the empty text and the next step', () => {
    render(
      <EmptyState
        title="There are no applications created yet"
        action={<a href="/applications/create">Create</a>}
      />,
    );
    expect(screen.getByText('There are no applications created yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/applications/create',
    );
  });
});
