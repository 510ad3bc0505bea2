import { render, screen, within } from '@testing-library/react';
import { Table, type TableColumn } from './Table';

interface Station {
  posID: string;
  name: string;
}

const columns: TableColumn<Station>[] = [
  { id: 'name', header: 'Name', cell: (station) => station.name, rowHeader: true },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: () => <button>Open</button> },
];

describe('Table', () => {
  it('shows a row per item under the column headers, named by its caption', () => {
    render(
      <Table
        caption="Stations"
        columns={columns}
        rows={[
          { posID: '1', name: 'Front desk' },
          { posID: '2', name: 'Patio' },
        ]}
        rowKey={(station) => station.posID}
      />,
    );
    const table = screen.getByRole('table', { name: 'Stations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(within(table).getByRole('rowheader', { name: 'Patio' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Open' })).toHaveLength(2);
  });

  it('shows the empty text in one row when there are no items', () => {
    render(
      <Table
        caption="Staff"
        columns={columns}
        rows={[]}
        rowKey={(s) => s.posID}
        emptyText="No Staff assigned"
      />,
    );
    expect(screen.getByRole('cell', { name: 'No Staff assigned' })).toHaveAttribute('colspan', '2');
  });

  it('shows a loading row instead of the items while loading', () => {
    render(
      <Table
        caption="Staff"
        columns={columns}
        rows={[{ posID: '1', name: 'Front desk' }]}
        rowKey={(s) => s.posID}
        loading
        loadingText="Loading staff list"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading staff list');
    expect(screen.queryByText('Front desk')).not.toBeInTheDocument();
  });

  it('can be scrolled sideways by keyboard on narrow screens', () => {
    render(<Table caption="Stations" columns={columns} rows={[]} rowKey={(s) => s.posID} />);
    expect(screen.getByRole('region', { name: 'Stations' })).toHaveAttribute('tabindex', '0');
  });
});
