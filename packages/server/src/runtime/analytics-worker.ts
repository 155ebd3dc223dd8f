import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Plain JavaScript, so it starts the same under every way the server runs (npm start, the e2e
 * stack, the benches and the container with `--import tsx`; jest with swc in the test process): it
 * registers tsx in the worker itself, then loads the TypeScript entry. `--import tsx` in the
 * worker's flags did not do it under Node 20 when the parent already ran under tsx (unknown file
 * extension ".ts"). Its flags are given, not inherited: a bench's `--import` probe must not run in it.
 */
export const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then((tsx) => {
    (tsx.register ?? tsx.default.register)();
    return import(workerData.entry);
  })
  .catch((error) => {
    // Thrown outside the promise: the worker's 'error' event tells the main thread.
    setImmediate(() => { throw error; });
  });
`;

/** tsx's ES module API, as `import 'tsx/esm/api'` resolves it (a bare name would resolve from the cwd). */
export function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href;
}

/** The analytics rebuild worker over the embedded database `file`. */
export function analyticsWorkerSpawner(file: string): () => Worker {
  const tsx = tsxEsmApi();
  const entry = new URL('./analytics-worker-entry.ts', import.meta.url).href;
  return () =>
    new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, tsx, entry },
      execArgv: [],
      // Its heap is its own: the ledger's fills and trips are collected there, not on the event loop.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
}
