import { buildTestApp, signInForTest } from '../../packages/server/src/test-support';
import { RouteFuzzer } from '../../packages/server/src/test-support/route-fuzz';
import { metric } from './metric';

/** `npm run bench -- fuzz`: the route fuzz test's requests for longer; FUZZ_SECONDS and FUZZ_SEED change the run. */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_007);
const BATCH = 500;

export async function run(): Promise<void> {
  // The server's own error lines, so a 5xx found here comes with the error that caused it.
  const errors: string[] = [];
  const testApp = await buildTestApp({
    config: { tradingLoop: false, replayHistory: false, logLevel: 'error' },
    logStream: { write: (line: string) => void errors.push(line) },
  });
  await signInForTest(testApp);
  const fuzzer = new RouteFuzzer(testApp);
  const problems = new Map<string, number>();
  const statuses = new Map<number, number>();
  let tried = 0;
  let serverErrors = 0;
  let leaks = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  for (let batch = 0; performance.now() < deadline; batch += 1) {
    for (const request of fuzzer.sample(SEED + batch, BATCH)) {
      const { status, problem } = await fuzzer.send(request);
      tried += 1;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) serverErrors += 1;
      else if (problem) leaks += 1;
      if (problem) {
        const key = `${request.method} ${request.url.split('?')[0]} → ${problem.slice(0, 160)}`;
        if (!problems.has(key))
          console.log(`problem: ${key}\n  request: ${JSON.stringify(request).slice(0, 600)}`);
        problems.set(key, (problems.get(key) ?? 0) + 1);
      }
      if (performance.now() >= deadline) break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const broken = fuzzer.brokenInvariants();
  await testApp.close();
  console.log(`seed: ${SEED}, routes: ${fuzzer.routes.length}`);
  metric('requests tried', tried, 'requests', 0);
  metric('5xx responses', serverErrors, 'responses', 0);
  metric('replies showing internals', leaks, 'responses', 0);
  metric('broken ledger invariants', broken.length, 'invariants', 0);
  metric('elapsed', seconds, 's');
  metric('throughput', tried / seconds, 'requests/s');
  const byStatus = [...statuses].sort(([a], [b]) => a - b);
  console.log(`statuses: ${byStatus.map(([status, count]) => `${status || 'not sent'}×${count}`).join(' ')}`);
  for (const sentence of broken) console.log(`broken: ${sentence}`);
}
