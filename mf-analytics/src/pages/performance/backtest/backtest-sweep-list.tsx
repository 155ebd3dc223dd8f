import type { BacktestSweep } from '@td/contracts';
import { formatIstDateTime, Table, type TableColumn } from '@td/ui';
import { numberFrom, showColumn, statusColumn } from './backtest-list-columns';
import { gridLabel } from './backtest-sweep-values';

export interface BacktestSweepListProps {
  sweeps: readonly BacktestSweep[];
  shownId: string | null;
  onShow: (id: string) => void;
}

/** The past sweeps, newest first: show one's progress or table again. */
export function BacktestSweepList({ sweeps, shownId, onShow }: BacktestSweepListProps) {
  const numberOf = numberFrom(sweeps);
  const columns: TableColumn<BacktestSweep>[] = [
    { key: 'number', header: 'Sweep', cell: numberOf },
    { key: 'started', header: 'Started', cell: (sweep) => formatIstDateTime(sweep.created_at) },
    {
      key: 'range',
      header: 'Range and grid',
      cell: (sweep) => (
        <>
          {sweep.settings.from} to {sweep.settings.to}, {Math.round(sweep.settings.in_sample_share * 100)} %
          fitted on
          <br />
          <small>{gridLabel(sweep.settings.grid)}</small>
        </>
      ),
    },
    statusColumn(),
    showColumn({ noun: 'sweep', numberOf, shownId, onShow }),
  ];
  return <Table label="Past sweeps" columns={columns} rows={sweeps} rowKey={(sweep) => sweep.id} />;
}
