import type { OrderSide } from '../../../core/orders';

const TICK_PAISE = 5;

export interface FillEstimate {
  /** Volume-weighted price, paise, rounded to the ₹0.05 tick against the trader. */
  price: number;
  /** How far the fill is from the touch, basis points. */
  slippageBps: number;
}

/**
 * Where a market order would fill: it takes the book level by level from the touch (asks for a buy,
 * bids for a sell). An order larger than the whole book pays the last level plus one tick per extra
 * book's worth, so size always costs something.
 */
export interface BookSide {
  price: number;
  quantity: number;
}

export function walkBook(
  side: OrderSide,
  quantity: number,
  book: { bids: BookSide[]; asks: BookSide[] },
): FillEstimate | null {
  const levels = side === 'BUY' ? book.asks : book.bids;
  const touch = levels[0]?.price;
  if (touch === undefined || quantity <= 0) return null;
  let remaining = quantity;
  let cost = 0;
  let last = touch;
  let depth = 0;
  for (const level of levels) {
    const take = Math.min(remaining, level.quantity);
    cost += take * level.price;
    depth += level.quantity;
    remaining -= take;
    last = level.price;
    if (remaining === 0) break;
  }
  if (remaining > 0) {
    const extraTicks = Math.ceil(remaining / Math.max(1, depth));
    const beyond =
      side === 'BUY' ? last + extraTicks * TICK_PAISE : Math.max(TICK_PAISE, last - extraTicks * TICK_PAISE);
    cost += remaining * beyond;
  }
  const average = cost / quantity;
  const price =
    side === 'BUY'
      ? Math.ceil(average / TICK_PAISE) * TICK_PAISE
      : Math.max(TICK_PAISE, Math.floor(average / TICK_PAISE) * TICK_PAISE);
  return { price, slippageBps: Math.round((Math.abs(price - touch) / touch) * 10_000 * 100) / 100 };
}

/**
 * Without a book (a feed in ltpc mode, or Yahoo): the touch is the last price plus half a typical
 * spread, and impact grows with the square root of the order's share of a minute's volume.
 */
export function impactFromLastPrice(
  side: OrderSide,
  quantity: number,
  ltp: number,
  typicalMinuteVolume: number,
): FillEstimate {
  const participation = quantity / Math.max(1, typicalMinuteVolume);
  const impactBps = 2 + 25 * Math.sqrt(participation);
  const raw = side === 'BUY' ? ltp * (1 + impactBps / 10_000) : ltp * (1 - impactBps / 10_000);
  const price =
    side === 'BUY'
      ? Math.ceil(raw / TICK_PAISE) * TICK_PAISE
      : Math.max(TICK_PAISE, Math.floor(raw / TICK_PAISE) * TICK_PAISE);
  return { price, slippageBps: Math.round((Math.abs(price - ltp) / ltp) * 10_000 * 100) / 100 };
}

/** A resting limit order trades once the market reaches its price; it fills at its limit or better. */
export function limitOrderFill(side: OrderSide, limitPrice: number, ltp: number): number | null {
  if (side === 'BUY') return ltp <= limitPrice ? ltp : null;
  return ltp >= limitPrice ? ltp : null;
}
