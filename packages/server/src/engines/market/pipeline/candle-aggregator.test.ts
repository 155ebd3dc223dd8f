import type { Candle, Tick } from '../market-types';
import { CandleAggregator } from './candle-aggregator';

const tick = (ts: number, ltp: number, volume: number, ltq = 10): Tick => ({
  symbol: 'RELIANCE',
  ltp,
  ltq,
  volume,
  previousClose: 250000,
  exchangeTs: ts,
  receivedTs: ts,
  source: 'simulator',
});

describe('CandleAggregator', () => {
  it('builds open, high, low, close and volume for each minute and closes a bar on the next minute', () => {
    const closed: Candle[] = [];
    const minutes = new CandleAggregator('1m', (candle) => closed.push(candle));
    const t0 = Date.UTC(2026, 10, 23, 3, 45); // 09:15 IST
    minutes.add(tick(t0 + 1000, 250000, 1010));
    minutes.add(tick(t0 + 20_000, 250500, 1030, 20));
    minutes.add(tick(t0 + 40_000, 249800, 1060, 30));
    minutes.add(tick(t0 + 59_000, 250100, 1070, 10));
    expect(closed).toHaveLength(0);
    minutes.add(tick(t0 + 61_000, 250200, 1080, 10));
    expect(closed).toEqual([
      expect.objectContaining({
        openTime: t0,
        open: 250000,
        high: 250500,
        low: 249800,
        close: 250100,
        volume: 70,
      }),
    ]);
    expect(minutes.current('RELIANCE')).toMatchObject({ openTime: t0 + 60_000, open: 250200, volume: 10 });
  });

  it('drops a late tick for a bar that has already closed', () => {
    const closed: Candle[] = [];
    const seconds = new CandleAggregator('1s', (candle) => closed.push(candle));
    seconds.add(tick(2000, 100, 10));
    seconds.add(tick(3000, 105, 20));
    seconds.add(tick(2500, 999, 30));
    expect(closed[0]).toMatchObject({ high: 100, close: 100 });
    expect(seconds.current('RELIANCE')).toMatchObject({ high: 105 });
  });

  it('closes quiet bars on flush', () => {
    const closed: Candle[] = [];
    const seconds = new CandleAggregator('1s', (candle) => closed.push(candle));
    seconds.add(tick(5000, 100, 10));
    seconds.flush(5999);
    expect(closed).toHaveLength(0);
    seconds.flush(6000);
    expect(closed).toHaveLength(1);
  });
});
