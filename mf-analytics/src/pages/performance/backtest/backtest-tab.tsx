import {
  errorMessage,
  useBacktestFrameHandler,
  useBacktestRun,
  useBacktestRuns,
  useCancelBacktest,
  useStartBacktest,
} from '@td/api-client';
import {
  BACKTESTS_STREAM_TOPIC,
  type BacktestProgressFrame,
  backtestProgressFrameSchema,
} from '@td/contracts';
import { useStreamTopic } from '@td/platform';
import { Banner, Card, EmptyState } from '@td/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { BacktestCompare } from './backtest-compare';
import { etaFromPace, rangeLabel } from './backtest-figures';
import { BacktestForm } from './backtest-form';
import { BacktestProgress } from './backtest-progress';
import { BacktestResults } from './backtest-results';
import { BacktestRuns } from './backtest-runs';
import { BacktestSweepSection } from './backtest-sweep';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

export const START_FAILED = 'The backtest did not start: try again.';
export const CANCEL_FAILED = 'The backtest was not cancelled: try again.';

/**
 * The strategy lab on the Performance screen (decision 0054): a run's settings, its progress (the
 * `backtests` stream's frames, the one-second poll as the fallback), its results and the past runs.
 */
export default function BacktestTab() {
  const runs = useBacktestRuns();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const shownId = chosenId ?? runs.data?.runs[0]?.id ?? null;
  const run = useBacktestRun(shownId).data;
  const [compared, setCompared] = useState<string[]>([]);
  const [lastFrame, setLastFrame] = useState<BacktestProgressFrame | null>(null);
  const takeFrame = useBacktestFrameHandler();
  useStreamTopic(BACKTESTS_STREAM_TOPIC, backtestProgressFrameSchema, (frame) => {
    setLastFrame(frame);
    takeFrame(frame);
  });
  // A run seen ending by the poll (no stream frame) is still listed running: ask for the list again.
  const listedRunning = runs.data?.runs.some((r) => r.id === run?.id && r.status === 'running');
  const refetchRuns = runs.refetch;
  useEffect(() => {
    if (run && run.status !== 'running' && listedRunning) void refetchRuns();
  }, [run, listedRunning, refetchRuns]);
  const start = useStartBacktest();
  const cancel = useCancelBacktest();
  const anyRunning =
    run?.status === 'running' || Boolean(runs.data?.runs.some((r) => r.status === 'running'));
  const eta =
    run && lastFrame?.id === run.id && lastFrame.status === 'running'
      ? lastFrame.eta_seconds
      : run
        ? etaFromPace(run, Date.now())
        : null;

  const listedRuns = runs.data?.runs ?? [];
  // Numbered from the oldest, as the list numbers them.
  const runName = (id: string) => `Run #${listedRuns.length - listedRuns.findIndex((r) => r.id === id)}`;

  const shownRun = () => {
    if (!run) return null;
    if (run.status === 'running') {
      return (
        <BacktestProgress
          run={run}
          etaSeconds={eta}
          cancelling={cancel.isPending}
          onCancel={() => cancel.mutate(run.id)}
        />
      );
    }
    if (run.status === 'complete' && run.result) return <BacktestResults result={run.result} />;
    return (
      <EmptyState
        title={run.status === 'cancelled' ? 'Backtest cancelled' : 'Backtest failed'}
        message={
          run.status === 'cancelled'
            ? `Stopped after ${run.progress.bars_done.toLocaleString('en-IN')} of ${run.progress.total_bars.toLocaleString('en-IN')} bars: a cancelled run keeps no result.`
            : (run.error ?? 'The run stopped with no result.')
        }
      />
    );
  };

  return (
    <Stack>
      <Card title="Run a backtest">
        <BacktestForm
          running={anyRunning}
          submitting={start.isPending}
          refusal={start.isError ? errorMessage(start.error, START_FAILED) : null}
          onAttempt={start.reset}
          onRun={(request) => start.mutate(request, { onSuccess: (started) => setChosenId(started.id) })}
        />
        {cancel.isError && <Banner tone="error">{errorMessage(cancel.error, CANCEL_FAILED)}</Banner>}
      </Card>
      {run && <Card title={`Backtest ${rangeLabel(run)}`}>{shownRun()}</Card>}
      {compared.length === 2 && (
        <Card title="Side by side">
          <BacktestCompare
            ids={[compared[0]!, compared[1]!]}
            labels={[runName(compared[0]!), runName(compared[1]!)]}
          />
        </Card>
      )}
      <Card title="Past backtests">
        <BacktestRuns
          runs={runs.data?.runs ?? []}
          loading={runs.isPending}
          shownId={shownId}
          onShow={setChosenId}
          compared={compared}
          onCompare={setCompared}
        />
      </Card>
      <Card title="Parameter sweep">
        <BacktestSweepSection />
      </Card>
    </Stack>
  );
}
