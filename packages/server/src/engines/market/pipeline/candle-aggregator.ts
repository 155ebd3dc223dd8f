import type { Candle, CandleInterval, Tick } from '../market-types';

interface OpenCandle {
  candle: Candle;
  /** Cumulative day volume when the bar opened, so the bar's volume is the difference. */
  volumeAtOpen: number;
}

/**
 * Folds ticks into bars of one interval per symbol. A bar closes when the first tick of the next
 * interval arrives (or on `flush`), and is handed to `onClose`.
 */
export class CandleAggregator {
  private readonly open = new Map<string, OpenCandle>();

  constructor(
    readonly interval: CandleInterval,
    private readonly onClose: (candle: Candle) => void,
  ) {}

  private get lengthMs(): number {
    return this.interval === '1s' ? 1000 : this.interval === '1m' ? 60_000 : 86_400_000;
  }

  add(tick: Tick): void {
    const length = this.lengthMs;
    const start = tick.exchangeTs - (tick.exchangeTs % length);
    const current = this.open.get(tick.symbol);
    if (current && current.candle.openTime === start) {
      const candle = current.candle;
      if (tick.ltp > candle.high) candle.high = tick.ltp;
      if (tick.ltp < candle.low) candle.low = tick.ltp;
      candle.close = tick.ltp;
      candle.volume = tick.volume - current.volumeAtOpen;
      return;
    }
    if (current && start < current.candle.openTime) return; // a late tick for a closed bar is dropped
    if (current) this.onClose(current.candle);
    this.open.set(tick.symbol, {
      volumeAtOpen: tick.volume - tick.ltq,
      candle: {
        symbol: tick.symbol,
        interval: this.interval,
        openTime: start,
        open: tick.ltp,
        high: tick.ltp,
        low: tick.ltp,
        close: tick.ltp,
        volume: tick.ltq,
        source: tick.source,
      },
    });
  }

  /** The bar still forming for a symbol. */
  current(symbol: string): Candle | undefined {
    return this.open.get(symbol)?.candle;
  }

  /** Closes every bar that ended before `now`. */
  flush(now: number): void {
    for (const [symbol, { candle }] of this.open) {
      if (candle.openTime + this.lengthMs <= now) {
        this.onClose(candle);
        this.open.delete(symbol);
      }
    }
  }
}
