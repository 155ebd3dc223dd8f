import type { BacktestRun } from '@td/contracts';
import { formatCapital, formatIstDateTime, Table, type TableColumn } from '@td/ui';
import { rangeLabel, signalsLabel } from './backtest-figures';
import { numberFrom, showColumn, statusColumn } from './backtest-list-columns';

export interface BacktestRunsProps {
  runs: readonly BacktestRun[];
  loading: boolean;
  shownId: string | null;
  onShow: (id: string) => void;
  /** The complete runs ticked for the side-by-side view, two at most. */
  compared: readonly string[];
  onCompare: (ids: string[]) => void;
}

const settingsLabel = ({ settings: s }: BacktestRun) =>
  `${formatCapital(s.capital)} · ${s.allocation_strategy} · ${s.product === 'I' ? 'intraday' : 'delivery'} · ${s.brokerage_plan}${(s.signals ?? 'rules') === 'rules' ? '' : ` · ${signalsLabel(s)}`}`;

/** The past runs, newest first: show one, or tick two complete runs to see them side by side. */
export function BacktestRuns({ runs, loading, shownId, onShow, compared, onCompare }: BacktestRunsProps) {
  const numberOf = numberFrom(runs);
  const toggle = (id: string) =>
    onCompare(compared.includes(id) ? compared.filter((c) => c !== id) : [...compared, id].slice(-2));
  const columns: TableColumn<BacktestRun>[] = [
    {
      key: 'compare',
      header: 'Compare',
      cell: (run) => (
        <input
          type="checkbox"
          aria-label={`Compare run ${numberOf(run)}`}
          checked={compared.includes(run.id)}
          disabled={run.status !== 'complete'}
          onChange={() => toggle(run.id)}
        />
      ),
    },
    { key: 'number', header: 'Run', cell: numberOf },
    { key: 'started', header: 'Started', cell: (run) => formatIstDateTime(run.created_at) },
    {
      // Range and settings in one cell, two lines: side by side they pushed Show out of a laptop's card.
      key: 'range',
      header: 'Range and settings',
      cell: (run) => (
        <>
          {rangeLabel(run)}
          <br />
          <small>{settingsLabel(run)}</small>
        </>
      ),
    },
    statusColumn(),
    showColumn({ noun: 'run', numberOf, shownId, onShow }),
  ];
  return (
    <Table
      label="Past backtests"
      columns={columns}
      rows={runs}
      rowKey={(run) => run.id}
      loading={loading}
      emptyText="No backtests yet: choose a range and run one."
    />
  );
}
