import { render, screen, within } from '@testing-library/react';
import { CellLabel } from './CellLabel';
import { Table, type TableColumn } from './Table';

interface Station {
  posID: string;
  name: string;
}

const columns: TableColumn<Station>[] = [
  { id: 'name', header: 'Name', cell: (station) => station.name, rowHeader: true },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: () => <button>Open</button> },
];

const twoStations: Station[] = [
  { posID: '1', name: 'Front desk' },
  { posID: '2', name: 'Patio' },
];

describe('Table', () => {
  it('shows a row per item under the column headers, named by its caption', () => {
    render(
      <Table
        caption="Stations"
        columns={columns}
        rows={twoStations}
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

  it('puts the given attributes on each row, so tests can find a row by its id', () => {
    render(
      <Table
        caption="Stations"
        columns={columns}
        rows={twoStations}
        rowKey={(station) => station.posID}
        rowProps={(station) => ({ 'data-testid': 'station-row', 'data-pos-id': station.posID })}
      />,
    );
    const rows = screen.getAllByTestId('station-row');
    expect(rows.map((row) => row.getAttribute('data-pos-id'))).toEqual(['1', '2']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Patio');
  });

  it("names rows by rowTestId unless the row's attributes name them", () => {
    render(
      <Table
        caption="Stations"
        columns={columns}
        rows={[{ posID: '1', name: 'Front desk' }]}
        rowKey={(station) => station.posID}
        rowTestId={(station) => `row-${station.posID}`}
        rowProps={(station) => ({ 'data-pos-id': station.posID })}
      />,
    );
    expect(screen.getByTestId('row-1')).toHaveAttribute('data-pos-id', '1');
  });

  it('can be scrolled sideways by keyboard on narrow screens', () => {
    render(<Table caption="Stations" columns={columns} rows={[]} rowKey={(s) => s.posID} />);
    expect(screen.getByRole('region', { name: 'Stations' })).toHaveAttribute('tabindex', '0');
  });
});

describe('Table stacked on phones', () => {
  const labelled: TableColumn<Station>[] = [
    { id: 'name', header: 'Name', cell: (station) => station.name, rowHeader: true },
    {
      id: 'url',
      header: 'POS URL',
      cell: (station) => (
        <>
          <CellLabel>POS URL</CellLabel>
          <a href={`https://pos.test/${station.posID}`}>{station.name} POS</a>
        </>
      ),
    },
  ];
  const rows = [{ posID: '1', name: 'Front desk' }];

  it('names each value by its column for phones, without repeating the header to screen readers', () => {
    render(
      <Table caption="Stations" columns={labelled} rows={rows} rowKey={(s) => s.posID} stacked />,
    );
    const cell = screen.getByRole('cell', { name: 'Front desk POS' });
    const label = within(cell).getByText('POS URL');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('columnheader', { name: 'POS URL' })).toBeInTheDocument();
  });

  it('turns into cards only when asked, with the actions at the top right when they come last', () => {
    const { rerender } = render(
      <Table caption="Stations" columns={labelled} rows={rows} rowKey={(s) => s.posID} />,
    );
    const region = screen.getByRole('region', { name: 'Stations' });
    expect(region).not.toHaveClass('pos-table-stacked');
    rerender(
      <Table
        caption="Stations"
        columns={labelled}
        rows={rows}
        rowKey={(s) => s.posID}
        stacked="action-last"
        className="pos-stations-table"
      />,
    );
    expect(region).toHaveClass(
      'pos-table-stacked',
      'pos-table-stacked--action-last',
      'pos-stations-table',
    );
    rerender(
      <Table caption="Stations" columns={labelled} rows={rows} rowKey={(s) => s.posID} stacked />,
    );
    expect(region).toHaveClass('pos-table-stacked');
    expect(region).not.toHaveClass('pos-table-stacked--action-last');
  });
});
