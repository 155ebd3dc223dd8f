import type { Candle } from '../../market/market-types';
import { minuteBars } from './minute-bars';

export const SEEDED_SYMBOLS = ['HDFCBANK', 'INFY', 'ITC', 'TCS'];

/** A deterministic random walk (a small LCG), 375 bars from 09:15 IST, in 5-paise ticks. */
export function seededSession(date: string, seed: number, symbols = SEEDED_SYMBOLS) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const open = Date.parse(`${date}T09:15:00+05:30`);
  const barsBySymbol = new Map<string, Candle[]>();
  symbols.forEach((symbol, index) => {
    let price = 1_000_00 * (index + 1);
    const closes = Array.from({ length: 375 }, () => {
      price = Math.max(5, Math.round((price * (1 + (random() - 0.5) * 0.006)) / 5) * 5);
      return price;
    });
    barsBySymbol.set(symbol, minuteBars(symbol, closes, open));
  });
  return { date, barsBySymbol };
}
