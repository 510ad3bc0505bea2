import { createRef, type ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@pos/shared/router';
import { PageHeader } from './PageHeader';

function renderInRouter(ui: ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('PageHeader', () => {
  it('shows the title as the page heading with the line under it', () => {
    renderInRouter(<PageHeader title="Stations" subtitle={<span>Stations · shop.test</span>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Stations' })).toBeInTheDocument();
    expect(screen.getByText('Stations · shop.test')).toBeInTheDocument();
  });

  it('links back to where the page belongs', () => {
    renderInRouter(
      <PageHeader title="Tea House" back={{ to: '/stations', label: 'Back to Stations' }} />,
    );
    expect(screen.getByRole('link', { name: 'Back to Stations' })).toHaveAttribute(
      'href',
      '/stations',
    );
  });

  it('has no way back and no actions unless given', () => {
    renderInRouter(<PageHeader title="Authorizing" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the page's actions", () => {
    renderInRouter(
      <PageHeader title="My Applications" actions={<button type="button">Create</button>} />,
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('lets the page move focus to its heading, which is not a tab stop', () => {
    const titleRef = createRef<HTMLHeadingElement>();
    renderInRouter(<PageHeader title="My Applications" titleRef={titleRef} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'My Applications' });
    expect(titleRef.current).toBe(heading);
    titleRef.current?.focus();
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
