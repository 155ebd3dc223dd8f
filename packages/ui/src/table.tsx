import type { ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';

export interface TableColumn<Row> {
  /** Stable identity of the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers align right so their digits line up. */
  align?: 'left' | 'right' | 'center';
  width?: string;
  /** A sortable column's current order, announced to screen readers (`aria-sort`). */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Names the table (and its scroll region) for screen readers. */
  label: string;
  /** Shown in one full-width row when there are no rows ("No holdings found"). */
  emptyText?: ReactNode;
  /** Shows placeholder rows instead of the data. */
  loading?: boolean;
  loadingRows?: number;
}

const Scroller = styled.div`
  width: 100%;
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  ${focusRing}
`;

const StyledTable = styled.table<{ $empty: boolean }>`
  width: 100%;
  /* Wide enough for its columns on phones (the region scrolls), but an empty table's message must fit. */
  min-width: ${({ $empty }) => ($empty ? '0' : '560px')};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  tbody tr:hover td {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const Cell = styled.td<{ $align: 'left' | 'right' | 'center' }>`
  text-align: ${({ $align }) => $align};
`;

const HeaderCell = styled.th<{ $align: 'left' | 'right' | 'center'; $width?: string }>`
  text-align: ${({ $align }) => $align};
  width: ${({ $width }) => $width ?? 'auto'};
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.space(8)} !important;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: normal !important;
`;

const Placeholder = styled.span`
  display: block;
  height: 0.9em;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.skeleton};
`;

/** A data table with typed columns; on phones it scrolls sideways inside its own keyboard-focusable region. */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  label,
  emptyText = 'Nothing to show',
  loading = false,
  loadingRows = 5,
}: TableProps<Row>) {
  return (
    <Scroller role="region" aria-label={label} tabIndex={0}>
      <StyledTable aria-label={label} aria-busy={loading || undefined} $empty={!loading && rows.length === 0}>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell
                key={column.key}
                scope="col"
                aria-sort={column.sort}
                $align={column.align ?? 'left'}
                $width={column.width}
              >
                {column.header}
              </HeaderCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: loadingRows }, (_, index) => (
              <tr key={index} data-loading-row="">
                {columns.map((column) => (
                  <Cell key={column.key} $align={column.align ?? 'left'}>
                    <Placeholder />
                  </Cell>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <EmptyCell colSpan={columns.length}>{emptyText}</EmptyCell>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <Cell key={column.key} $align={column.align ?? 'left'}>
                    {column.cell(row, index)}
                  </Cell>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </StyledTable>
    </Scroller>
  );
}
