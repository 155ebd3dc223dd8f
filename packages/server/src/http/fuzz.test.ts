import fc from 'fast-check';
import { buildTestApp, signInForTest, type TestApp } from '../test-support';
import { RouteFuzzer } from '../test-support/route-fuzz';

// Every registered route, random requests signed in and out: never a 5xx, never a stack trace or a
// server path in a reply, and the paper ledger whole afterwards. Fixed seed, bounded runs; the bench
// (`npm run bench -- fuzz`) runs the same requests for longer.
const SEED = 20_261_125;
const RUNS = 5_000;

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ config: { tradingLoop: false, replayHistory: false } });
  await signInForTest(testApp);
});
afterAll(() => testApp.close());

describe('fuzzing every route', () => {
  it('answers random requests without a 5xx or an internal detail, and keeps the ledger whole', async () => {
    const fuzzer = new RouteFuzzer(testApp);
    expect(fuzzer.routes.length).toBeGreaterThan(40);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzer.arbitrary(), async (request) => {
        const { status, problem } = await fuzzer.send(request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(fuzzer.brokenInvariants()).toEqual([]);
    // The requests reached past the door: some succeeded, some were refused as invalid.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
  });

  it('answers random requests on a first run, before any password is set, without a 5xx', async () => {
    const firstRun = await buildTestApp({ config: { tradingLoop: false, replayHistory: false } });
    try {
      const fuzzer = new RouteFuzzer(firstRun);
      const signedOut = fuzzer.arbitrary().map((request) => ({ ...request, signedIn: false }));
      await fc.assert(
        fc.asyncProperty(signedOut, async (request) => {
          const { problem } = await fuzzer.send(request);
          if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
        }),
        { seed: SEED, numRuns: RUNS / 5 },
      );
      expect(firstRun.services.auth.isPasswordSet()).toBe(false);
      expect(fuzzer.brokenInvariants()).toEqual([]);
    } finally {
      await firstRun.close();
    }
  });
});
