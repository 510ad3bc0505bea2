import { render, screen } from '@testing-library/react';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its label with the tone it was given', () => {
    render(<Badge tone="warning">Expires Soon</Badge>);
    const badge = screen.getByText('Expires Soon');
    expect(badge).toHaveClass('pos-badge--warning');
  });
});
