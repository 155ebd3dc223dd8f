import { EventEmitter, getEventListeners } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { BacktestJob, BacktestMessage, BacktestRequest } from './backtest-protocol';
import { WorkerBacktestRunner } from './worker-runner';

/** A worker thread stand-in: answers each run at once as cancelled, and keeps what it was sent. */
function fakeWorker() {
  const sent: BacktestRequest[] = [];
  const worker = Object.assign(new EventEmitter(), {
    postMessage: (request: BacktestRequest) => {
      sent.push(request);
      if (request.type !== 'run') return;
      const done: BacktestMessage = {
        type: 'done',
        id: request.id,
        outcome: { status: 'cancelled', barsDone: 0, totalBars: 0 },
      };
      queueMicrotask(() => worker.emit('message', done));
    },
    terminate: async () => 0,
    unref: () => {},
  });
  return { worker, sent };
}

const job = {} as BacktestJob;

describe('WorkerBacktestRunner', () => {
  it('lets go of the abort signal when each run ends, so a sweep of many runs on one signal leaks nothing', async () => {
    const { worker, sent } = fakeWorker();
    const runner = new WorkerBacktestRunner(() => worker as unknown as Worker);
    const controller = new AbortController();
    const warnings: Error[] = [];
    const warned = (warning: Error) => warnings.push(warning);
    process.on('warning', warned);
    try {
      for (let i = 0; i < 20; i++) await runner.run(job, () => {}, controller.signal);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      // Cancelling afterwards asks the thread to cancel nothing: every run had already ended.
      controller.abort();
      expect(sent.filter((request) => request.type === 'cancel')).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', warned);
      await runner.stop();
    }
  });

  it('still cancels the run under way when the signal aborts', async () => {
    const { worker, sent } = fakeWorker();
    worker.postMessage = (request: BacktestRequest) => {
      sent.push(request);
    };
    const runner = new WorkerBacktestRunner(() => worker as unknown as Worker);
    const controller = new AbortController();
    const running = runner.run(job, () => {}, controller.signal);
    controller.abort();
    expect(sent.map((request) => request.type)).toEqual(['run', 'cancel']);
    await runner.stop();
    await expect(running).rejects.toThrow('The server is stopping');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
