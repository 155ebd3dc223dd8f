import type { ResearchRecommendation } from '@td/contracts';
import { Badge, formatINR, formatPercent, Table, type TableColumn, WideOnly } from '@td/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { SIGNAL_TONE, SignalsList } from './signals-list';

type SortKey = 'symbol' | 'signal' | 'confidence' | 'target' | 'risk';
interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const BAND_TONE = { Low: 'positive', Moderate: 'warning', High: 'negative' } as const;
const SIGNAL_ORDER = { BUY: 0, HOLD: 1, SELL: 2 };

/** The value a column sorts by; a missing figure sorts last either way. */
const sortValue: Record<SortKey, (row: ResearchRecommendation) => string | number | null> = {
  symbol: (row) => row.symbol,
  signal: (row) => SIGNAL_ORDER[row.signal],
  confidence: (row) => row.confidence,
  target: (row) => row.target,
  risk: (row) => row.risk_percent,
};

export function sortRecommendations(
  rows: readonly ResearchRecommendation[],
  sort: Sort,
): ResearchRecommendation[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const value = sortValue[sort.key];
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

const HeaderButton = styled.button`
  all: unset;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const SymbolButton = styled.button`
  all: unset;
  cursor: pointer;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline dotted;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

export interface SignalsTableProps {
  recommendations: readonly ResearchRecommendation[];
  loading: boolean;
  /** The table's text when it has no rows: disconnected, or no signals. */
  emptyText: string;
  onOpenChart: (symbol: string) => void;
}

/** spec part 1 "Research & Analysis": AI Trading Signals, sortable by any column; a symbol opens its chart. */
export function SignalsTable({ recommendations, loading, emptyText, onOpenChart }: SignalsTableProps) {
  const [sort, setSort] = useState<Sort>({ key: 'confidence', direction: 'descending' });
  const rows = useMemo(() => sortRecommendations(recommendations, sort), [recommendations, sort]);

  const header = (key: SortKey, label: string) => (
    <HeaderButton
      type="button"
      onClick={() =>
        setSort((current) => ({
          key,
          direction: current.key === key && current.direction === 'descending' ? 'ascending' : 'descending',
        }))
      }
    >
      {label}
      {sort.key === key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
    </HeaderButton>
  );
  const sortOf = (key: SortKey) => (sort.key === key ? sort.direction : 'none');

  const columns: TableColumn<ResearchRecommendation>[] = [
    {
      key: 'symbol',
      header: header('symbol', 'Symbol'),
      sort: sortOf('symbol'),
      cell: (row) => (
        <SymbolButton
          type="button"
          aria-label={`${row.symbol} chart`}
          onClick={() => onOpenChart(row.symbol)}
        >
          {row.symbol}
        </SymbolButton>
      ),
    },
    {
      key: 'signal',
      header: header('signal', 'Signal'),
      sort: sortOf('signal'),
      cell: (row) => <Badge tone={SIGNAL_TONE[row.signal]}>{row.signal}</Badge>,
    },
    {
      key: 'confidence',
      header: header('confidence', 'Confidence'),
      sort: sortOf('confidence'),
      align: 'right',
      cell: (row) => formatPercent(row.confidence * 100, { decimals: 0 }),
    },
    {
      key: 'target',
      header: header('target', 'Target'),
      sort: sortOf('target'),
      align: 'right',
      cell: (row) => (row.target === null ? '—' : formatINR(row.target)),
    },
    {
      key: 'risk',
      header: header('risk', 'Risk'),
      sort: sortOf('risk'),
      align: 'right',
      cell: (row) =>
        row.risk === null || row.risk_percent === null ? (
          '—'
        ) : (
          <span title={`Stop ${formatINR(row.stop)}`}>
            {formatINR(row.risk)} ({formatPercent(row.risk_percent)}){' '}
            {row.risk_band && <Badge tone={BAND_TONE[row.risk_band]}>{row.risk_band}</Badge>}
          </span>
        ),
    },
  ];

  return (
    <>
      <WideOnly>
        <Table
          label="AI Trading Signals"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.symbol}
          loading={loading}
          emptyText={emptyText}
        />
      </WideOnly>
      {!loading && <SignalsList rows={rows} emptyText={emptyText} onOpenChart={onOpenChart} />}
    </>
  );
}
