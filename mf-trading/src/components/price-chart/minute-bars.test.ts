import type { CandleContract } from '@td/contracts';
import { foldIntoMinute, toChartBar } from './minute-bars';

const at = Date.UTC(2026, 10, 20, 4, 0, 0); // 09:30 IST
const candle = (
  offsetMs: number,
  prices: [number, number, number, number],
  interval = '1s',
): CandleContract => ({
  symbol: 'TCS',
  interval,
  openTime: at + offsetMs,
  open: prices[0],
  high: prices[1],
  low: prices[2],
  close: prices[3],
  volume: 10,
  source: 'simulator',
});

describe('minute bars for the price chart', () => {
  it('draws paise as rupees on the minute, on the IST clock', () => {
    expect(toChartBar(candle(12_000, [400_000, 401_000, 399_500, 400_500]))).toEqual({
      time: at / 1000 + 19_800,
      open: 4_000,
      high: 4_010,
      low: 3_995,
      close: 4_005,
    });
  });

  it('extends the forming minute with a second bar: high, low and close move, open stays', () => {
    const last = toChartBar(candle(0, [400_000, 400_500, 399_800, 400_200]));
    expect(foldIntoMinute(last, candle(30_000, [400_200, 402_000, 399_000, 401_000]))).toEqual({
      time: last.time,
      open: 4_000,
      high: 4_020,
      low: 3_990,
      close: 4_010,
    });
  });

  it('opens a new minute when the second belongs to the next one, and ignores bars older than the last', () => {
    const last = toChartBar(candle(0, [400_000, 400_500, 399_800, 400_200]));
    expect(foldIntoMinute(last, candle(61_000, [400_200, 400_300, 400_100, 400_250]))?.time).toBe(
      last.time + 60,
    );
    expect(foldIntoMinute(last, candle(-60_000, [1, 1, 1, 1]))).toBeNull();
  });
});
