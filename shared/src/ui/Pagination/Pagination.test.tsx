import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';
import { PrevNextPagination } from './PrevNextPagination';

// The ellipses are hidden from screen readers, so read what a sighted user sees.
const pageLabels = () =>
  Array.from(screen.getByRole('list').children).map((item) => item.textContent);

describe('Pagination', () => {
  it('hides pagination when there is one page', () => {
    render(<Pagination page={1} totalRecords={10} pageSize={10} onPageChange={jest.fn()} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows ellipses and three neighbours around the current page', () => {
    render(<Pagination page={10} totalRecords={200} pageSize={10} onPageChange={jest.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(pageLabels()).toEqual(['1', '…', '7', '8', '9', '10', '11', '12', '13', '…', '20']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves to the page the user picks, or the one before or after', async () => {
    const onPageChange = jest.fn();
    render(<Pagination page={2} totalRecords={45} pageSize={10} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange.mock.calls).toEqual([[4], [1], [3]]);
  });

  it('disables the arrows at the ends', () => {
    const { rerender } = render(
      <Pagination page={1} totalRecords={30} pageSize={10} onPageChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    rerender(<Pagination page={3} totalRecords={30} pageSize={10} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});

describe('PrevNextPagination', () => {
  it('disables Prev at page 1', async () => {
    const onPageChange = jest.fn();
    render(<PrevNextPagination page={1} hasNext onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("is named 'Pagination' unless given a name of its own", () => {
    const { rerender } = render(<PrevNextPagination page={1} hasNext onPageChange={jest.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    rerender(
      <PrevNextPagination
        page={1}
        hasNext
        onPageChange={jest.fn()}
        navLabel="Orders per day pages"
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Orders per day pages' })).toBeInTheDocument();
  });

  it('goes back a page and disables Next on the last page', async () => {
    const onPageChange = jest.fn();
    render(<PrevNextPagination page={3} hasNext={false} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
