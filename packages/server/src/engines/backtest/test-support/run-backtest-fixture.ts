// The crafted market the runBacktest tests replay: 3 stocks, 2 sessions of ten one-minute bars, a scripted source.
import { IndexCalculator } from '../../market/instruments';
import type { Candle, Instrument } from '../../market/market-types';
import type { Signal, SignalSource } from '../../strategy';
import { sessionsOfBars } from '../backtest-sessions';

export const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

/** Ten one-minute bars from 09:15 closing at the given prices, a million shares a minute. */
export function bars(symbol: string, date: string, closes: number[]): Candle[] {
  return closes.map((close, minute) => ({
    symbol,
    interval: '1m',
    openTime: at(date, '09:15') + minute * 60_000,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1_000_000,
    source: 'simulator',
  }));
}

/** BUY signals at the minutes a script names (decided at the bar's last millisecond), nothing otherwise. */
export function scriptedSource(script: Record<number, [string, number][]>): SignalSource {
  return {
    name: 'scripted',
    rank: (_universe, now): Signal[] =>
      (script[now + 1 - 60_000] ?? []).map(([symbol, confidence]) => ({
        symbol,
        direction: 'BUY',
        score: 0.9,
        confidence,
        reasons: ['scripted'],
      })),
  };
}

const flat = (price: number) => Array.from({ length: 10 }, () => price);
export const DAY1 = '2026-01-27';
export const DAY2 = '2026-01-28';

// A three-stock NIFTY 50 (INFY weighs twice the others), at 26,000 when the prices stand at their base.
const member = (symbol: string, weight: number) =>
  ({ symbol, indexWeights: { NIFTY_50: weight } }) as unknown as Instrument;
const nifty = new IndexCalculator([member('INFY', 2), member('TCS', 1), member('SBIN', 1)], {
  basePrices: { INFY: 1_000_00, TCS: 2_000_00, SBIN: 500_00 },
  baseLevels: { NIFTY_50: 26_000, SENSEX: 85_000, BANK_NIFTY: 59_000 },
});
const nifty50Level = (prices: ReadonlyMap<string, number>) => nifty.level('NIFTY_50', prices);

export const sessions = sessionsOfBars(
  [
    {
      date: DAY1,
      barsBySymbol: new Map([
        // INFY up 3 % from 09:17: its target.
        ['INFY', bars('INFY', DAY1, [1_000_00, 1_000_00, 1_030_50, ...flat(1_030_50).slice(3)])],
        ['TCS', bars('TCS', DAY1, flat(2_000_00))],
        // SBIN down 2 % from 09:20: its stop.
        ['SBIN', bars('SBIN', DAY1, [...flat(500_00).slice(0, 5), ...flat(489_00).slice(5)])],
      ]),
    },
    {
      date: DAY2,
      barsBySymbol: new Map([
        ['INFY', bars('INFY', DAY2, flat(1_030_50))],
        ['TCS', bars('TCS', DAY2, flat(2_000_00))],
        ['SBIN', bars('SBIN', DAY2, flat(489_00))],
      ]),
    },
  ],
  nifty50Level,
);

export const source = scriptedSource({
  [at(DAY1, '09:15')]: [
    ['INFY', 0.9],
    ['TCS', 0.5],
  ],
  [at(DAY1, '09:18')]: [['SBIN', 0.9]],
  [at(DAY2, '09:15')]: [['TCS', 0.9]],
});

export const settings = {
  capitalPaise: 10_00_000 * 100,
  allocation: 'moderate' as const,
  minConfidence: 0.6,
  stopLossPercent: 2,
  targetPercent: 3,
  maxHoldMinutes: 5,
  product: 'I' as const,
  brokeragePlan: 'flat' as const,
};
