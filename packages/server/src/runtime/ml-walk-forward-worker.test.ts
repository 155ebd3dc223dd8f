import { runToEnd, WorkStoppedError } from '../core/time-slices';
import { niftyHistory } from '../engines/ml/models/replay-evaluation';
import { generatedTrainingHistory, trainWalkForward } from '../engines/ml/models/walk-forward';
import { newsOfGeneratedHistory, withPastNews } from '../engines/ml/past-news';
import { mlWalkForwardWorker } from './ml-walk-forward-worker';

describe('the ML walk-forward in its worker thread', () => {
  const { instruments, history } = niftyHistory(3, 5);
  const sectors = new Map(instruments.map((i) => [i.symbol, i.sector]));
  const request = { recipe: history.recipe(), sectors: [...sectors] };

  it('trains exactly what the same walk-forward trains in process', async () => {
    const inWorker = await mlWalkForwardWorker()(request, new AbortController().signal);
    const inProcess = runToEnd(
      trainWalkForward(
        withPastNews(
          generatedTrainingHistory(history, (s) => sectors.get(s)),
          newsOfGeneratedHistory(history),
        ),
      ),
    );
    // The sessions' news reached the worker's news model too.
    expect(inWorker.tally.modelCalls.at(-1)!.views).toBeGreaterThan(0);
    expect(inWorker.tally).toEqual(inProcess.tally);
    expect(inWorker.records).toEqual(inProcess.records);
    expect(inWorker.counters).toEqual(inProcess.counters);
    expect(inWorker.holdout).toHaveLength(inProcess.holdout.length);
  });

  it('is dropped when the server stops, with nothing kept', async () => {
    const abort = new AbortController();
    const run = mlWalkForwardWorker()(request, abort.signal);
    abort.abort();
    await expect(run).rejects.toBeInstanceOf(WorkStoppedError);
  });
});
