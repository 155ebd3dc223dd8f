import { Badge, Button, type TableColumn } from '@td/ui';

type LabStatus = 'running' | 'complete' | 'cancelled' | 'failed';

const STATUS_TONE = {
  running: 'neutral',
  complete: 'positive',
  cancelled: 'neutral',
  failed: 'negative',
} as const;

/** Numbered from the oldest of a newest-first list, so two started in the same minute can be told apart. */
export const numberFrom =
  <T,>(rows: readonly T[]) =>
  (row: T) =>
    `#${rows.length - rows.indexOf(row)}`;

/** The Status column of a past runs or sweeps table: the status as a badge. */
export const statusColumn = <T extends { status: LabStatus }>(): TableColumn<T> => ({
  key: 'status',
  header: 'Status',
  cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge>,
});

/** The Show column: a toggle button per row, pressed for the one shown ("Show run #3"). */
export const showColumn = <T extends { id: string }>({
  noun,
  numberOf,
  shownId,
  onShow,
}: {
  noun: string;
  numberOf: (row: T) => string;
  shownId: string | null;
  onShow: (id: string) => void;
}): TableColumn<T> => ({
  key: 'show',
  header: '',
  align: 'right',
  cell: (row) => (
    <Button
      size="sm"
      variant={row.id === shownId ? 'primary' : 'secondary'}
      aria-pressed={row.id === shownId}
      aria-label={`Show ${noun} ${numberOf(row)}`}
      onClick={() => onShow(row.id)}
    >
      Show
    </Button>
  ),
});
