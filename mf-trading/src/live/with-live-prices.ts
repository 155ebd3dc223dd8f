import type { Holding } from '@td/contracts';

/**
 * Re-prices holdings at the latest traded prices (paise, from the `ticks:SYMBOL` topics): current
 * price, market value, P&L and return follow each tick; holdings without a tick keep the server's price.
 */
export function withLivePrices(
  holdings: readonly Holding[],
  pricesPaise: ReadonlyMap<string, number>,
): Holding[] {
  return holdings.map((holding) => {
    const livePaise = pricesPaise.get(holding.symbol);
    if (livePaise === undefined) return holding;
    const price = livePaise / 100;
    const cost = holding.avg_price * holding.quantity;
    const value = price * holding.quantity;
    const previousPrice = holding.current_price - holding.day_change / holding.quantity;
    return {
      ...holding,
      current_price: price,
      market_value: value,
      total_returns: value - cost,
      total_returns_percent: cost > 0 ? ((value - cost) / cost) * 100 : 0,
      day_change: (price - previousPrice) * holding.quantity,
    };
  });
}
