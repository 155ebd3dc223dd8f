import { runBurst } from './event-loop-burst';
import { runWorkerLoad } from './event-loop-workers';

/**
 * `npm run bench -- event-loop`: the API under a burst of 200 clients (health, order and Emergency
 * Stop latency, candles at idle), then the server's own loop delay and /api/health while a cold
 * rebuild of 100,000 trades and the start-up replay run. Each part prints its goals beside its figures.
 */
export async function run(): Promise<void> {
  await runBurst();
  await runWorkerLoad();
}
