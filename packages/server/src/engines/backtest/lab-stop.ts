import type { BacktestRunner } from './backtest-protocol';

/** A service sharing the lab's runner: cancels its work without waiting, then waits for it to end. */
export interface StoppableLabService {
  abort(): void;
  idle(): Promise<void>;
}

/**
 * The strategy lab stops: every service cancels its work first, and only then does the shared thread
 * end, so the run under way is recorded cancelled (its signal aborted), never failed by the thread
 * ending under it.
 */
export async function stopBacktestLab(
  services: readonly StoppableLabService[],
  runner: Pick<BacktestRunner, 'stop'>,
): Promise<void> {
  for (const service of services) service.abort();
  await runner.stop();
  await Promise.all(services.map((service) => service.idle()));
}
