import { Worker } from 'node:worker_threads';
import { WorkStoppedError } from '../core/time-slices';
import type { TrainedEnsemble, WalkForwardRunner } from '../engines/ml/models/walk-forward';
import { tsxEsmApi, WORKER_SOURCE } from './analytics-worker';

type Reply = { ok: true; value: TrainedEnsemble } | { ok: false; message: string };

/**
 * Runs the ML walk-forward (docs/decisions/0017) in a worker thread of its own, started the way the
 * analytics worker is (0052): a step of it (a minute's 50 predictions, a learned batch) takes tens of
 * ms, which no slice of the event loop may. The worker ends with its answer; a stop terminates it.
 */
export function mlWalkForwardWorker(): WalkForwardRunner {
  const tsx = tsxEsmApi();
  const entry = new URL('./ml-walk-forward-entry.ts', import.meta.url).href;
  return (request, signal) =>
    new Promise<TrainedEnsemble>((resolve, reject) => {
      if (signal.aborted) return reject(new WorkStoppedError());
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { tsx, entry },
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
      });
      const settle = (done: () => void) => {
        signal.removeEventListener('abort', onAbort);
        worker.removeAllListeners();
        // An error the ending thread still reports must not go unhandled (it would end the server).
        worker.on('error', () => {});
        void worker.terminate();
        done();
      };
      const onAbort = () => settle(() => reject(new WorkStoppedError()));
      signal.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (reply: Reply) =>
        settle(() => (reply.ok ? resolve(reply.value) : reject(new Error(reply.message)))),
      );
      worker.once('error', (error) => settle(() => reject(error)));
      worker.once('exit', (code) =>
        settle(() =>
          reject(new Error(`The ML walk-forward worker exited (code ${code}) before it answered.`)),
        ),
      );
      worker.postMessage(request);
    });
}
