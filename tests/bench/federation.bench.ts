import os from 'node:os';
import { type DashboardSample, ensureFreshBuilds, measureDashboard, openBenchStack } from './browser-timing';
import { median, metric } from './metric';

const RUNS = 5;
/** Issue goals: federation may cost at most 10 % more bytes and 15 % more time than one bundle. */
const BYTES_GOAL = 1.1;
const TIME_GOAL = 1.15;

/**
 * Federation's own cost: the same screens served as the federated host + remotes and as the single
 * bundle (host/dist-single), on one stack and one Chromium, runs alternating so load on the machine
 * falls on both alike. Each run opens /dashboard signed in with an empty HTTP cache.
 */
export async function run() {
  ensureFreshBuilds();
  const bench = await openBenchStack('bench-federation');
  const samples: Record<'federated' | 'single', DashboardSample[]> = { federated: [], single: [] };
  try {
    const url = `${bench.stack.hostUrl}/dashboard`;
    // One unmeasured open of each warms the API's caches and Chromium's compiled-code caches alike.
    for (const dist of ['dist', 'dist-single'] as const) {
      await bench.serveHost(dist);
      await measureDashboard(bench.browser, url, bench.storage);
    }
    for (let i = 0; i < RUNS; i += 1) {
      await bench.serveHost('dist');
      samples.federated.push(await measureDashboard(bench.browser, url, bench.storage));
      await bench.serveHost('dist-single');
      samples.single.push(await measureDashboard(bench.browser, url, bench.storage));
    }
  } finally {
    await bench.close();
  }
  console.log(`load average (1 min) after the runs: ${os.loadavg()[0]!.toFixed(2)}`);
  const figures = (kind: 'federated' | 'single') => ({
    bytes: median(samples[kind], (s) => s.jsGzipBytes),
    ms: median(samples[kind], (s) => s.figuresMs),
    requests: median(samples[kind], (s) => s.requests),
  });
  const federated = figures('federated');
  const single = figures('single');
  for (const [name, f] of [
    ['federated', federated],
    ['single_bundle', single],
  ] as const) {
    metric(`${name}_dashboard_js_gzip`, f.bytes / 1024, 'KiB');
    metric(`${name}_dashboard_requests`, f.requests, 'count', 0);
    metric(`${name}_dashboard_figures_ms`, f.ms, 'ms', 0);
  }
  const bytesRatio = federated.bytes / single.bytes;
  const timeRatio = federated.ms / single.ms;
  metric('federation_bytes_ratio', bytesRatio, 'x', 3);
  metric('federation_time_ratio', timeRatio, 'x', 3);
  const misses = [
    bytesRatio > BYTES_GOAL && `bytes ratio ${bytesRatio.toFixed(3)} > ${BYTES_GOAL}`,
    timeRatio > TIME_GOAL && `time ratio ${timeRatio.toFixed(3)} > ${TIME_GOAL}`,
  ].filter(Boolean);
  if (misses.length > 0) {
    console.log(`federation goal missed: ${misses.join('; ')}`);
    process.exit(1);
  }
}
