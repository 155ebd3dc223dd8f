import { screen, within } from '@testing-library/react';
import { Table, type TableColumn } from './table';
import { renderWithTheme } from './test-support/render-with-theme';

interface Holding {
  symbol: string;
  quantity: number;
}

const columns: TableColumn<Holding>[] = [
  { key: 'symbol', header: 'Symbol', cell: (row) => row.symbol },
  { key: 'quantity', header: 'Quantity', cell: (row) => row.quantity, align: 'right' },
];

describe('Table', () => {
  it('renders one row per item with each column’s cell', () => {
    renderWithTheme(
      <Table
        label="Current Holdings"
        columns={columns}
        rows={[
          { symbol: 'RELIANCE', quantity: 10 },
          { symbol: 'TCS', quantity: 4 },
        ]}
        rowKey={(row) => row.symbol}
      />,
    );
    const table = screen.getByRole('table', { name: 'Current Holdings' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['RELIANCE', '10']);
    expect(within(table).getByRole('columnheader', { name: 'Quantity' })).toBeInTheDocument();
  });

  it('shows the empty text across the table when there are no rows', () => {
    renderWithTheme(
      <Table
        label="Current Holdings"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.symbol}
        emptyText="No holdings found"
      />,
    );
    expect(screen.getByRole('cell', { name: 'No holdings found' })).toHaveAttribute('colspan', '2');
  });

  it('shows placeholder rows and marks the table busy while loading', () => {
    renderWithTheme(
      <Table
        label="Current Holdings"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.symbol}
        loading
        loadingRows={3}
      />,
    );
    const table = screen.getByRole('table', { name: 'Current Holdings' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Nothing to show')).not.toBeInTheDocument();
  });

  it('sits in a keyboard-focusable scroll region so phones can scroll it sideways', () => {
    renderWithTheme(
      <Table label="Current Holdings" columns={columns} rows={[]} rowKey={(row) => row.symbol} />,
    );
    expect(screen.getByRole('region', { name: 'Current Holdings' })).toHaveAttribute('tabindex', '0');
  });
});
