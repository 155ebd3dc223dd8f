import {
  errorMessage,
  useBacktestSweep,
  useBacktestSweeps,
  useCancelBacktestSweep,
  useStartBacktestSweep,
} from '@td/api-client';
import type { BacktestSweep as Sweep } from '@td/contracts';
import { Banner, EmptyState, formatNumber, formatPercent } from '@td/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ProgressMeter } from './backtest-progress';
import { BacktestSweepForm } from './backtest-sweep-form';
import { BacktestSweepList } from './backtest-sweep-list';
import { BacktestSweepTable } from './backtest-sweep-table';

export const SWEEP_START_FAILED = 'The sweep did not start: try again.';
export const SWEEP_CANCEL_FAILED = 'The sweep was not cancelled: try again.';

// One column no wider than the card: the results table scrolls in its own box, never the page.
const Stack = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

const count = (n: number) => formatNumber(n, { decimals: 0 });

function SweepProgress({
  sweep,
  onCancel,
  cancelling,
}: {
  sweep: Sweep;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const {
    combinations_done: done,
    combinations,
    bars_done: bars,
    total_bars: total,
    percent,
  } = sweep.progress;
  return (
    <section aria-label="Sweep under way">
      <ProgressMeter
        label="Sweep progress"
        percent={percent}
        valueText={`${formatPercent(percent, { decimals: 1 })}, ${done} of ${combinations} combinations`}
        summary={
          <>
            {done} of {combinations} combinations · {count(bars)} of {count(total)} bars ·{' '}
            {formatPercent(percent, { decimals: 1 })}
          </>
        }
        cancelLabel="Cancel sweep"
        onCancel={onCancel}
        cancelling={cancelling}
      />
    </section>
  );
}

function SweepShown({
  sweep,
  onCancel,
  cancelling,
}: {
  sweep: Sweep;
  onCancel: () => void;
  cancelling: boolean;
}) {
  if (sweep.status === 'running')
    return <SweepProgress sweep={sweep} onCancel={onCancel} cancelling={cancelling} />;
  if (sweep.status === 'complete' && sweep.result) return <BacktestSweepTable result={sweep.result} />;
  const { combinations_done: done, combinations } = sweep.progress;
  return (
    <EmptyState
      title={sweep.status === 'cancelled' ? 'Sweep cancelled' : 'Sweep failed'}
      message={
        sweep.status === 'cancelled'
          ? `Stopped after ${done} of ${combinations} combinations: a cancelled sweep keeps no result.`
          : (sweep.error ?? 'The sweep stopped with no result.')
      }
    />
  );
}

/**
 * The parameter sweep (decision 0057): values per parameter, each combination fitted on the first
 * sessions and reported on the held-out rest; the latest sweep's progress or table below the form.
 */
export function BacktestSweepSection() {
  const sweeps = useBacktestSweeps();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const shownId = chosenId ?? sweeps.data?.sweeps[0]?.id ?? null;
  const sweep = useBacktestSweep(shownId).data;
  const start = useStartBacktestSweep();
  const cancel = useCancelBacktestSweep();
  // A sweep seen ending by the poll is still listed running: ask for the list again.
  const listedRunning = sweeps.data?.sweeps.some((s) => s.id === sweep?.id && s.status === 'running');
  const refetch = sweeps.refetch;
  useEffect(() => {
    if (sweep && sweep.status !== 'running' && listedRunning) void refetch();
  }, [sweep, listedRunning, refetch]);
  const running =
    sweep?.status === 'running' || Boolean(sweeps.data?.sweeps.some((s) => s.status === 'running'));

  return (
    <Stack>
      <BacktestSweepForm
        running={running}
        submitting={start.isPending}
        refusal={start.isError ? errorMessage(start.error, SWEEP_START_FAILED) : null}
        onAttempt={start.reset}
        onStart={(request) => start.mutate(request, { onSuccess: (started) => setChosenId(started.id) })}
      />
      {cancel.isError && <Banner tone="error">{errorMessage(cancel.error, SWEEP_CANCEL_FAILED)}</Banner>}
      {sweep && (
        <SweepShown sweep={sweep} onCancel={() => cancel.mutate(sweep.id)} cancelling={cancel.isPending} />
      )}
      {/* One sweep is the one shown: the list appears once there is another to go back to. */}
      {(sweeps.data?.sweeps.length ?? 0) > 1 && (
        <BacktestSweepList sweeps={sweeps.data?.sweeps ?? []} shownId={shownId} onShow={setChosenId} />
      )}
    </Stack>
  );
}
