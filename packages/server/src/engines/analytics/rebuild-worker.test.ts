import { Worker } from 'node:worker_threads';
import { RebuildWorker, RebuildWorkerFailedError } from './rebuild-worker';

// A worker that is alive but never answers must not leave the performance routes waiting for ever:
// it is given up, and the service answers from the sliced rebuild instead.

const silent = () =>
  new Worker("require('node:worker_threads').parentPort.on('message', () => {})", { eval: true });

const buildRequest = {
  type: 'build',
  target: {
    account: 'paper',
    date: '2026-11-26',
    simulatedFeed: true,
    newest: { entryId: 1, fillRowid: 1 },
  },
  nowMs: 0,
} as unknown as Parameters<RebuildWorker['build']>[0];

it('gives up a worker that stops answering, and answers nothing from it again', async () => {
  const worker = new RebuildWorker(silent, 50);
  await expect(worker.build(buildRequest)).rejects.toThrow(RebuildWorkerFailedError);
  expect(worker.failed).toBe(true);
  await expect(worker.build(buildRequest)).rejects.toThrow('stopped answering');
  await worker.stop();
});
