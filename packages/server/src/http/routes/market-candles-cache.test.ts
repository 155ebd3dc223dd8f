import type { Candle } from '../../engines/market/market-types';
import { HistoryGenerator } from '../../engines/market/simulator/history-generator';
import { buildTestApp, createTestClock, signInForTest, type TestApp } from '../../test-support';

const clock = createTestClock();
let testApp: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  testApp = await buildTestApp({
    now: clock.now,
    config: { market: { seed: 11, ticksPerSecond: 200, historySessions: 3, continuousSession: true } },
  });
  ({ headers } = await signInForTest(testApp));
  const { market } = testApp.services;
  market.simulator.onTick((tick) => market.pipeline.process(tick));
});
afterAll(() => testApp.close());

const candles = async (url: string): Promise<Candle[]> => {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data.candles;
};

/** What the route answered before any session was kept: a new generator simulates every session again. */
function freshHistory(symbol: string, from: number, to: number): Candle[] {
  const { history } = testApp.services.market;
  const kept = history as unknown as { instruments: never; sessionOpenTs: never; seed: number };
  const fresh = new HistoryGenerator(kept.instruments, history.sessionDates, kept.sessionOpenTs, kept.seed);
  return history.sessionDates
    .flatMap((date) => fresh.minuteBars(symbol, date))
    .filter((bar) => bar.openTime >= from && bar.openTime <= to);
}

describe('1-minute candles from kept history and live bars', () => {
  it('answers the same candles as a fresh computation, before and after new ticks arrive', async () => {
    const { market } = testApp.services;
    const from = clock.now() - 6 * 86_400_000;
    const url = (to: number) =>
      `/api/market/candles/RELIANCE?interval=1m&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    const expected = (to: number) => {
      const past = freshHistory('RELIANCE', from, to);
      const after = Math.max(from, (past.at(-1)?.openTime ?? Number.NEGATIVE_INFINITY) + 1);
      const today = market.pipeline
        .minuteBars('RELIANCE')
        .filter((b) => b.openTime >= after && b.openTime <= to);
      return JSON.parse(JSON.stringify([...past, ...today]));
    };

    const before = await candles(url(clock.now()));
    expect(before.length).toBeGreaterThan(375);
    expect(before).toEqual(expected(clock.now()));

    // Three minutes of trading: the live bars grow and close, the kept history stays as it was.
    for (let second = 0; second < 180; second++) {
      clock.advance(1_000);
      market.simulator.emit(1, clock.now());
    }
    market.pipeline.flush();
    const after = await candles(url(clock.now()));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after).toEqual(expected(clock.now()));
    expect(after.slice(0, before.length - 1)).toEqual(before.slice(0, -1));
  });

  it('answers the same day twice from one serialised reply, and never an older forming bar after a tick', async () => {
    const { market } = testApp.services;
    const url = `/api/market/candles/RELIANCE?interval=1m&to=${new Date(clock.now()).toISOString()}`;
    const first = await testApp.app.inject({ method: 'GET', url, headers });
    const again = await testApp.app.inject({ method: 'GET', url, headers });
    expect(again.body).toBe(first.body);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    // Ticks inside the same minute change the forming bar in place; the next reply shows them.
    const forming = () => market.pipeline.minuteBars('RELIANCE').at(-1)!;
    const before = { ...forming() };
    for (let i = 0; i < 20 && forming().volume === before.volume; i++)
      market.simulator.emit(0.1, clock.now());
    expect(forming()).not.toEqual(before);
    const after = await testApp.app.inject({ method: 'GET', url, headers });
    expect(after.json().data.candles.at(-1)).toEqual(JSON.parse(JSON.stringify(forming())));
  });

  it('keeps generated history unchangeable, so no caller can alter what the next one reads', () => {
    const { history } = testApp.services.market;
    const date = history.sessionDates.at(-1)!;
    const [bar] = history.minuteBars('TCS', date);
    expect(Object.isFrozen(bar)).toBe(true);
    expect(history.sessionBars(date).get('TCS')).toEqual(history.minuteBars('TCS', date));
  });
});
