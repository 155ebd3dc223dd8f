import type { Candle } from '../market-types';
import { detectPatterns } from './candle-patterns';

const bar = (open: number, high: number, low: number, close: number, i = 0): Candle => ({
  symbol: 'TCS',
  interval: '1m',
  openTime: i * 60_000,
  open,
  high,
  low,
  close,
  volume: 100,
  source: 'simulator',
});

describe('candle patterns', () => {
  it('finds a doji when the body is at most a tenth of the range', () => {
    expect(detectPatterns([bar(100, 110, 90, 101)])).toContain('doji');
    expect(detectPatterns([bar(100, 110, 90, 104)])).not.toContain('doji');
  });

  it('finds a bullish engulfing bar after a down bar', () => {
    expect(detectPatterns([bar(105, 106, 99, 100), bar(99, 108, 98, 107)])).toContain('bullish_engulfing');
  });

  it('finds a bearish engulfing bar after an up bar', () => {
    expect(detectPatterns([bar(100, 106, 99, 105), bar(106, 107, 97, 99)])).toContain('bearish_engulfing');
  });

  it('finds a hammer after a fall: long lower shadow, small upper shadow', () => {
    expect(detectPatterns([bar(110, 111, 100, 101), bar(100, 102, 90, 101.5)])).toContain('hammer');
  });

  it('finds a breakout above the highest high of the previous 20 bars', () => {
    const flat = Array.from({ length: 20 }, (_, i) => bar(100, 102, 98, 100, i));
    expect(detectPatterns([...flat, bar(100, 104, 100, 103, 20)])).toContain('range_breakout_up');
    expect(detectPatterns([...flat, bar(100, 101, 96, 97, 20)])).toContain('range_breakout_down');
    expect(detectPatterns([...flat, bar(100, 101, 99, 101, 20)])).not.toContain('range_breakout_up');
  });
});
