import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its title, with its actions beside the heading', () => {
    render(
      <Card title="Applications" actions={<a href="/applications">View all</a>}>
        3 authorized
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Applications' });
    expect(region).toHaveTextContent('3 authorized');
    expect(screen.getByRole('heading', { level: 2, name: 'Applications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toBeInTheDocument();
  });

  it('marks a disabled tile for assistive technology', () => {
    render(
      <Card title="POS" disabled>
        2 stations
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'POS' })).toHaveAttribute('aria-disabled', 'true');
  });
});
