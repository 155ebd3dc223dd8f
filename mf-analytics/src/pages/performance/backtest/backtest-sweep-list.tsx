import type { BacktestSweep } from '@td/contracts';
import { Badge, Button, formatIstDateTime, Table, type TableColumn } from '@td/ui';
import { gridLabel } from './backtest-sweep-values';

const STATUS_TONE = {
  running: 'neutral',
  complete: 'positive',
  cancelled: 'neutral',
  failed: 'negative',
} as const;

export interface BacktestSweepListProps {
  sweeps: readonly BacktestSweep[];
  shownId: string | null;
  onShow: (id: string) => void;
}

/** The past sweeps, newest first: show one's progress or table again. */
export function BacktestSweepList({ sweeps, shownId, onShow }: BacktestSweepListProps) {
  const numberOf = (sweep: BacktestSweep) => `#${sweeps.length - sweeps.indexOf(sweep)}`;
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
    {
      key: 'status',
      header: 'Status',
      cell: (sweep) => <Badge tone={STATUS_TONE[sweep.status]}>{sweep.status}</Badge>,
    },
    {
      key: 'show',
      header: '',
      align: 'right',
      cell: (sweep) => (
        <Button
          size="sm"
          variant={sweep.id === shownId ? 'primary' : 'secondary'}
          aria-pressed={sweep.id === shownId}
          aria-label={`Show sweep ${numberOf(sweep)}`}
          onClick={() => onShow(sweep.id)}
        >
          Show
        </Button>
      ),
    },
  ];
  return <Table label="Past sweeps" columns={columns} rows={sweeps} rowKey={(sweep) => sweep.id} />;
}
