import { Worker } from 'node:worker_threads';

/**
 * The analytics rebuild worker over the embedded database `file`. Its entry is TypeScript, loaded
 * as the server is everywhere (npm start, the e2e stack, the benches, the container: `node --import
 * tsx`; jest: swc in the test process, which a worker does not inherit): so the worker always gets
 * tsx itself. Its flags are given, not inherited: a bench's `--import` probe must not run in it.
 */
export function analyticsWorkerSpawner(file: string): () => Worker {
  return () =>
    new Worker(new URL('./analytics-worker-entry.ts', import.meta.url), {
      workerData: { file },
      execArgv: ['--import', 'tsx'],
      // Its heap is its own: the ledger's fills and trips are collected there, not on the event loop.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
}
