import type { Candle } from '../market-types';
import { BLOCK_TRADE_PAISE, SmartMoneyTracker } from './smart-money-tracker';

const minute = (volume: number, i: number): Candle => ({
  symbol: 'INFY',
  interval: '1m',
  openTime: i * 60_000,
  open: 150000,
  high: 150000,
  low: 150000,
  close: 150000,
  volume,
  source: 'simulator',
});

describe('SmartMoneyTracker', () => {
  it('flags a single trade worth ₹1 crore or more as a block trade', () => {
    const tracker = new SmartMoneyTracker();
    const base = {
      symbol: 'INFY',
      volume: 0,
      previousClose: 150000,
      exchangeTs: 1,
      receivedTs: 1,
      source: 'simulator' as const,
    };
    expect(tracker.onTick({ ...base, ltp: 150000, ltq: 100 })).toBeNull();
    const block = tracker.onTick({ ...base, ltp: 150000, ltq: 7000 });
    expect(block).toMatchObject({ kind: 'block_trade', symbol: 'INFY', value: 150000 * 7000 });
    expect(150000 * 7000).toBeGreaterThanOrEqual(BLOCK_TRADE_PAISE);
  });

  it('flags a minute with three times the rolling average volume, and not before it has a baseline', () => {
    const tracker = new SmartMoneyTracker();
    expect(tracker.onMinuteBar(minute(5000, 0))).toBeNull();
    for (let i = 1; i < 10; i++) expect(tracker.onMinuteBar(minute(1000, i))).toBeNull();
    expect(tracker.onMinuteBar(minute(2500, 10))).toBeNull();
    const spike = tracker.onMinuteBar(minute(6000, 11));
    expect(spike).toMatchObject({ kind: 'volume_spike', symbol: 'INFY' });
    expect(tracker.events()[0]).toBe(spike);
  });
});
