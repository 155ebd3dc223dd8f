import type { BookLevel, OrderBook } from '../market-types';
import { TICK_PAISE } from './factor-model';
import type { SeededRandom } from './seeded-random';

export const BOOK_DEPTH = 30;

/**
 * A 30-level book around the last price: a one- or two-tick spread, size growing away from the
 * touch, and order counts that fit typical retail order sizes.
 */
export function generateOrderBook(
  symbol: string,
  ltp: number,
  baseSize: number,
  random: SeededRandom,
  ts: number,
): OrderBook {
  const spreadTicks = random.next() < 0.7 ? 1 : 2;
  const bestBid = Math.max(
    TICK_PAISE,
    ltp - Math.floor(spreadTicks / 2) * TICK_PAISE - TICK_PAISE * (spreadTicks % 2),
  );
  const bestAsk = bestBid + spreadTicks * TICK_PAISE;
  const level = (price: number, depth: number): BookLevel => {
    const quantity = Math.max(1, Math.round(baseSize * (1 + depth * 0.15) * Math.exp(0.6 * random.normal())));
    return { price, quantity, orders: Math.max(1, Math.round(quantity / Math.max(1, baseSize / 6))) };
  };
  const bids: BookLevel[] = [];
  const asks: BookLevel[] = [];
  for (let depth = 0; depth < BOOK_DEPTH; depth++) {
    const bidPrice = bestBid - depth * TICK_PAISE;
    if (bidPrice >= TICK_PAISE) bids.push(level(bidPrice, depth));
    asks.push(level(bestAsk + depth * TICK_PAISE, depth));
  }
  return { symbol, bids, asks, ts, source: 'simulator' };
}
