import {
  buildTestApp,
  createTestClock,
  signInForTest,
  type TestApp,
  type TestClock,
} from '../../test-support';
import type { SafetyEmail } from './safety-mailer';
import { SafetyMailer } from './safety-mailer';

let testApp: TestApp;
let clock: TestClock;
let headers: { authorization: string };
let sent: SafetyEmail[];

beforeEach(async () => {
  // 09:30 IST on a trading Monday; the clock moves only when the test moves it.
  clock = createTestClock();
  testApp = await buildTestApp({
    now: clock.now,
    // The default tick rate (SIMULATOR_TICKS_PER_SECOND=200) and the default seed.
    config: { market: { seed: 20261122, ticksPerSecond: 200, historySessions: 2, continuousSession: false } },
  });
  ({ headers } = await signInForTest(testApp));
  sent = [];
  testApp.services.safety.parts.mailer = new SafetyMailer(
    { sendMail: async (message) => sent.push(message) },
    'alerts@trading.test',
    testApp.services.logger,
  );
  await testApp.services.market.use(testApp.services.market.simulator);
});
afterEach(() => testApp.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** Ten simulated seconds: the simulator's ticks go through the pipeline, then the safety engine looks. */
function step(seconds = 10): void {
  clock.advance(seconds * 1000);
  testApp.services.market.simulator.emit(seconds, clock.now());
  testApp.services.safety.tick(clock.now());
}

function runUntilHalted(maxSteps: number): number {
  for (let i = 0; i < maxSteps; i++) {
    step();
    if (testApp.services.safety.haltState().halted) return i + 1;
  }
  return -1;
}

describe('circuit breakers through the real path', () => {
  it('twenty ordinary simulated minutes, with every breaker measurable, trip nothing and raise no feed alert', async () => {
    for (let i = 0; i < 6 * 20; i++) step();
    const readings = testApp.services.safety.parts.watch.readings(clock.now());
    expect(readings.map((reading) => [reading.breaker, reading.value === null])).toEqual([
      ['volatility', false],
      ['market_drop', false],
      ['liquidity', false],
    ]);
    expect(testApp.services.safety.haltState().halted).toBe(false);
    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    expect(
      alerts.filter((a: { kind: string }) => a.kind.startsWith('feed') || a.kind === 'circuit_breaker'),
    ).toEqual([]);
  });

  it('a crash scenario trips the 3 %-in-an-hour breaker: halt, alert and e-mail', async () => {
    for (let i = 0; i < 12; i++) step();
    expect(testApp.services.safety.haltState().halted).toBe(false);

    expect(
      (await call('POST', '/api/simulator/scenario', { scenario: 'crash', minutes: 5 })).statusCode,
    ).toBe(200);
    const steps = runUntilHalted(40);
    expect(steps).toBeGreaterThan(0);

    const halt = (await call('GET', '/api/risk/halt')).json().data;
    expect(halt).toMatchObject({
      halted: true,
      source: 'circuit_breaker',
      breaker: 'market_drop',
      by: 'circuit breaker',
    });
    expect(halt.reason).toMatch(
      /^Circuit breaker: NIFTY 50 fell 3\.\d\d % within the hour .* more than the 3 % circuit breaker\.$/,
    );

    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    expect(alerts).toContainEqual(
      expect.objectContaining({
        kind: 'circuit_breaker',
        subject: 'market_drop',
        severity: 'high',
        action_required: true,
      }),
    );
    // One trip, one alert: the breaker's, naming the breaker and its figure; no second halt alert.
    const open = alerts.filter((a: { resolved_at: string | null }) => a.resolved_at === null);
    expect(open.filter((a: { kind: string }) => a.kind === 'circuit_breaker' || a.kind === 'halt')).toEqual([
      expect.objectContaining({
        kind: 'circuit_breaker',
        message: expect.stringMatching(/^Trading halted by a circuit breaker: NIFTY 50 fell 3\.\d\d %/),
      }),
    ]);
    expect(sent).toEqual([
      expect.objectContaining({
        to: testApp.config.traderEmail,
        subject: 'Trading alert: Trading halted by a circuit breaker',
        text: expect.stringMatching(/NIFTY 50 fell/),
      }),
    ]);
    const refused = await call('POST', '/api/orders', { symbol: 'TCS', side: 'BUY', quantity: 1 });
    expect(refused.json().error).toMatch(
      /^Trading is halted \(a circuit breaker at .*: Circuit breaker: NIFTY 50 fell/,
    );
  });

  it('sends no breaker e-mail when the trader turned it off', async () => {
    const notifications = {
      email: 'desk@example.com',
      breaker_trip: false,
      daily_loss: true,
      ml_confidence: true,
    };
    await call('POST', '/api/settings/notifications', notifications);
    for (let i = 0; i < 6; i++) step();
    await call('POST', '/api/simulator/scenario', { scenario: 'crash', minutes: 5 });
    expect(runUntilHalted(40)).toBeGreaterThan(0);
    expect(sent).toEqual([]);
  });

  it('a volatility spike trips the 40 % realised volatility breaker', async () => {
    await call('POST', '/api/simulator/scenario', { scenario: 'volatility_spike', minutes: 30 });
    expect(runUntilHalted(6 * 30)).toBeGreaterThan(0);
    const halt = testApp.services.safety.haltState();
    expect(halt).toMatchObject({ source: 'circuit_breaker', breaker: 'volatility' });
    expect(halt.reason).toMatch(
      /NIFTY 50 realised volatility is \d+\.\d\d % \(annualised, last 30 one-minute returns\)/,
    );
  });

  it('a feed outage raises a dead-feed alert and trips no breaker on the silence', async () => {
    for (let i = 0; i < 6; i++) step();
    await call('POST', '/api/simulator/scenario', { scenario: 'feed_outage', minutes: 5 });
    for (let i = 0; i < 15; i++) step();
    expect(testApp.services.safety.haltState().halted).toBe(false);
    const alerts = (await call('GET', '/api/risk/alerts')).json().data;
    expect(alerts).toContainEqual(
      expect.objectContaining({
        kind: 'feed_dead',
        subject: 'simulator',
        severity: 'high',
        message: expect.stringMatching(
          /^The simulator feed has sent no prices for 1\d\d s while the market is open/,
        ),
      }),
    );
    // Ticks come back after the outage, and the alert resolves.
    for (let i = 0; i < 20; i++) step();
    const after = (await call('GET', '/api/risk/alerts')).json().data;
    expect(after.find((a: { kind: string }) => a.kind === 'feed_dead').resolved_at).toEqual(
      expect.any(String),
    );
  });
});
