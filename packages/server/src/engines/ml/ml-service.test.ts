import { buildTestApp, createTestClock, type TestApp } from '../../test-support';
import type { Candle } from '../market/market-types';
import { SeededRandom } from '../market/simulator/seeded-random';

const MINUTE = 60_000;

/** Seeds every instrument with `minutes` one-minute bars ending at the clock's now. */
function seedBars(testApp: TestApp, now: number, minutes: number): void {
  const random = new SeededRandom(3);
  for (const { symbol } of testApp.services.market.instruments) {
    const bars: Candle[] = [];
    let price = 100_000;
    for (let m = minutes; m > 0; m--) {
      const close = Math.round(price * Math.exp(0.002 * random.normal()));
      bars.push({
        symbol,
        interval: '1m',
        openTime: now - m * MINUTE,
        open: price,
        high: Math.max(price, close),
        low: Math.min(price, close),
        close,
        volume: 500,
        source: 'simulator',
      });
      price = close;
    }
    testApp.services.market.pipeline.seedMinuteBars(symbol, bars);
  }
}

describe('the ML service in the server', () => {
  let testApp: TestApp;
  afterEach(async () => testApp.close());

  it('predicts every stock from the market engine’s bars; the loop ranks without the ML vote until it shows an edge', async () => {
    const clock = createTestClock();
    testApp = await buildTestApp({ now: clock.now });
    seedBars(testApp, clock.now(), 90);
    const { ml, tradingLoop, market } = testApp.services;

    expect(ml.models.tick(clock.now()).recorded).toBe(market.instruments.length);
    const signals = tradingLoop.rank(clock.now());
    expect(signals).toHaveLength(market.instruments.length);
    // No walk-forward has measured an out-of-sample edge (the engine was not started): no say.
    for (const signal of signals) {
      expect(signal.reasons[0]).toMatch(
        /^score -?\d\.\d\d = 0\.50×momentum -?\d\.\d\d \+ 0\.50×mean_reversion /,
      );
      expect(Number.isFinite(signal.confidence)).toBe(true);
    }
    expect(ml.models.ensembleStatus()).toMatchObject({
      total_predictions: market.instruments.length,
      resolved_predictions: 0,
      out_of_sample: { status: 'not_run', say: 0 },
    });
  });

  it('resolves the predictions once the 30-minute horizon has passed, and the models learn', async () => {
    const clock = createTestClock();
    testApp = await buildTestApp({ now: clock.now });
    seedBars(testApp, clock.now(), 90);
    const { ml } = testApp.services;
    ml.models.tick(clock.now());
    clock.advance(31 * MINUTE);
    seedBars(testApp, clock.now(), 121);
    const cycle = ml.models.tick(clock.now());
    expect(cycle.resolved).toBe(testApp.services.market.instruments.length);
    expect(ml.models.onlineLearningStatus()).toMatchObject({
      total_updates: 6,
      is_updating: false,
      last_update_time: new Date(clock.now()).toISOString(),
    });
  });
});
