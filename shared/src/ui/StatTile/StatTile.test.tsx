import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@pos/shared/router';
import { StatTile, type StatTileProps } from './StatTile';

const link = { to: '/things', label: 'View Things', 'data-testid': 'things-link' };

function tile(props: Partial<StatTileProps> = {}) {
  return (
    <MemoryRouter>
      <StatTile
        title="Things"
        state={{ status: 'success', value: 1234 }}
        loadingMessage="Loading things"
        label="things in total"
        link={link}
        data-testid="things-tile"
        valueTestId="things-count"
        {...props}
      />
    </MemoryRouter>
  );
}

function renderTile(props: Partial<StatTileProps> = {}) {
  return render(tile(props));
}

describe('StatTile', () => {
  it('shows the number with its label and links to the page behind it', () => {
    renderTile();
    const tile = screen.getByRole('region', { name: 'Things' });
    expect(tile).toHaveAttribute('data-testid', 'things-tile');
    expect(screen.getByTestId('things-count')).toHaveTextContent('1,234');
    expect(tile).toHaveTextContent('1,234things in total');
    const anchor = screen.getByRole('link', { name: 'View Things' });
    expect(anchor).toHaveAttribute('href', '/things');
    expect(anchor).toHaveAttribute('data-testid', 'things-link');
  });

  it('words the label for the number it shows', () => {
    renderTile({
      state: { status: 'success', value: 1 },
      label: (value) => `${value === 1 ? 'thing' : 'things'} in total`,
    });
    expect(screen.getByText('thing in total')).toBeInTheDocument();
  });

  it('writes the number as told, e.g. a price, with a test id on the number and its label', () => {
    renderTile({
      state: { status: 'success', value: 79 },
      formatValue: (value) => `$${value}`,
      label: '/month',
      totalTestId: 'things-total',
    });
    expect(screen.getByTestId('things-count')).toHaveTextContent(/^\$79$/);
    expect(screen.getByTestId('things-total')).toHaveTextContent(/^\$79\/month$/);
  });

  it('shows more under the number, only once the number is there', () => {
    const more = (
      <ul aria-label="Pinned">
        <li>Front Counter</li>
      </ul>
    );
    const { rerender } = renderTile({
      state: { status: 'loading' },
      label: 'things',
      children: more,
    });
    expect(screen.queryByRole('list', { name: 'Pinned' })).not.toBeInTheDocument();
    rerender(tile({ state: { status: 'success', value: 2 }, label: 'things', children: more }));
    expect(screen.getByRole('list', { name: 'Pinned' })).toHaveTextContent('Front Counter');
    expect(screen.getByRole('region', { name: 'Things' })).toHaveTextContent(
      '2thingsFront CounterView Things',
    );
  });

  it('announces the load while the number is on its way', () => {
    renderTile({ state: { status: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    expect(screen.queryByTestId('things-count')).not.toBeInTheDocument();
  });

  it('shows the error and retries on request', async () => {
    const onRetry = jest.fn();
    renderTile({ state: { status: 'error', message: 'Database unavailable', onRetry } });
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('is greyed out with no link when disabled', () => {
    renderTile({ disabled: true });
    expect(screen.getByRole('region', { name: 'Things' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('View Things')).toBeInTheDocument();
  });

  it('says why there is no number when it is unavailable, without an error or a number', () => {
    renderTile({
      disabled: true,
      state: { status: 'unavailable', message: 'Unavailable while the account is paused' },
    });
    expect(screen.getByText('Unavailable while the account is paused')).toBeInTheDocument();
    expect(screen.queryByTestId('things-count')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
