import { BACKGROUND_SLICE_BUDGET_MS, runSliced, runToEnd, type Steps, WorkStoppedError } from './time-slices';

function* sum(n: number, log: string[]): Steps<number> {
  let total = 0;
  try {
    for (let i = 1; i <= n; i += 1) {
      total += i;
      yield;
    }
    return total;
  } finally {
    log.push('finally');
  }
}

/** A clock that moves `step` ms each time it is read: every slice ends after a known number of steps. */
const ticking = (step: number) => {
  let now = 0;
  return () => (now += step);
};

describe('work in time slices', () => {
  it('gives the direct result, sliced or not', async () => {
    expect(runToEnd(sum(100, []))).toBe(5050);
    expect(await runSliced(sum(100, []), { clock: ticking(1), budgetMs: 3 })).toBe(5050);
  });

  it('lets other callbacks run between slices', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const done = runSliced(sum(10, []), { clock: ticking(5), budgetMs: 5 }).then(() => order.push('sum'));
    await done;
    expect(order).toEqual(['other work', 'sum']);
  });

  it('gives other work its turn after 2 ms of background work, after 4 ms of a default slice', async () => {
    const run = async (budgetMs?: number) => {
      const log: string[] = [];
      function* fourSteps(): Steps<void> {
        for (let i = 1; i <= 4; i += 1) {
          log.push(`step ${i}`);
          yield;
        }
      }
      setImmediate(() => log.push('other work'));
      await runSliced(fourSteps(), { clock: ticking(1), budgetMs });
      return log;
    };
    expect(await run(BACKGROUND_SLICE_BUDGET_MS)).toEqual([
      'step 1',
      'step 2',
      'other work',
      'step 3',
      'step 4',
    ]);
    expect(await run()).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'other work']);
  });

  it('runs to the end in one go when within its budget', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    await runSliced(sum(10, []), { clock: () => 0 }).then(() => order.push('sum'));
    expect(order).toEqual(['sum']);
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('stops at the next slice when aborted: rejects with a 503 and closes the steps', async () => {
    const log: string[] = [];
    const stopping = new AbortController();
    const run = runSliced(sum(1_000, log), { clock: ticking(5), budgetMs: 5, signal: stopping.signal });
    stopping.abort();
    await expect(run).rejects.toBeInstanceOf(WorkStoppedError);
    await expect(run).rejects.toMatchObject({ statusCode: 503 });
    expect(log).toEqual(['finally']);
  });
});
