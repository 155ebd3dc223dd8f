import { HttpError } from './errors';

/**
 * Long computations written as generators that `yield` at safe points: run to the end at once
 * (the direct, synchronous result) or in slices of at most `budgetMs` on the event loop, with
 * setImmediate between them so requests, ticks and orders get their turn. The same generator gives
 * both, so the sliced result is the direct one by construction.
 */
export type Steps<T> = Generator<void, T, void>;

/** Under the 10 ms a slice may take: the check runs at the generator's next yield, a little later. */
export const SLICE_BUDGET_MS = 4;

/**
 * For work no request waits on (the start-up replay, the ML insight build, the phase count at
 * start): a request arriving meanwhile waits for the rest of the slice, so its latency is about the
 * slice plus its own answer; a shorter slice costs those builds a few more turns, not a reader.
 */
export const BACKGROUND_SLICE_BUDGET_MS = 2;

/** Runs the steps to the end without giving the event loop a turn. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** The server is stopping: work cut short answers 503 with a sentence, never a half result. */
export class WorkStoppedError extends HttpError {
  constructor() {
    super(503, 'The server is stopping; try again in a moment.', 'server_stopping');
    this.name = 'WorkStoppedError';
  }
}

export interface SliceOptions {
  budgetMs?: number;
  /** Aborted: the steps are dropped at the next slice boundary and the promise rejects (WorkStoppedError). */
  signal?: AbortSignal;
  clock?: () => number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the steps in slices of about `budgetMs`, yielding to the event loop between slices. */
export async function runSliced<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const budget = options.budgetMs ?? SLICE_BUDGET_MS;
  const clock = options.clock ?? (() => performance.now());
  let sliceStart = clock();
  try {
    for (;;) {
      if (options.signal?.aborted) throw new WorkStoppedError();
      const next = steps.next();
      if (next.done) return next.value;
      if (clock() - sliceStart >= budget) {
        await turn();
        sliceStart = clock();
      }
    }
  } finally {
    // Runs the generator's own finally blocks when it was left before its end.
    steps.return(undefined as T);
  }
}

/** Yields every `every` iterations of a hot loop: the cheap test keeps the loop's own cost. */
export const due = (i: number, every = 512) => i % every === every - 1;
