import type { Engine } from '../core/ports/engine';

/** Starts each engine in list order; one that throws stops the walk (the ones after it never ran). */
export async function startAll(engines: readonly Engine[]): Promise<void> {
  for (const engine of engines) await engine.start();
}

/** What went wrong stopping one engine, kept so the walk can carry on to the next. */
export interface StopFailure {
  engine: string;
  error: unknown;
}

/**
 * Stops the engines in reverse list order, each awaited before the next, and carries on past a
 * failure: one engine's broken stop must not leave a later one (the database, last) open.
 */
export async function stopAll(engines: readonly Engine[]): Promise<StopFailure[]> {
  const failures: StopFailure[] = [];
  for (const engine of [...engines].reverse()) {
    try {
      await engine.stop();
    } catch (error) {
      failures.push({ engine: engine.name, error });
    }
  }
  return failures;
}
