import type { Candle } from '../../engines/market/market-types';

/**
 * The candles reply, serialised once and reused while the bars it shows are the same ones: under a
 * burst the dashboard asks for the same symbol's day many times between two of its ticks, and the
 * reply is ≈ 58 KB of JSON (0051).
 *
 * Why a reply can be reused without a version from the market engine: the history's bars are
 * frozen and shared (0042), and a closed live bar is never changed again (a late tick for it is
 * dropped), so two runs of bars from the same ordered series with the same first and last bar
 * object and the same length hold the same bars. The one bar that changes in place is the live
 * series' forming bar (the last): each run's last bar's prices and volume are part of the key. A re-seeded live
 * series has new bar objects, so it never matches an older entry.
 */
interface Key {
  symbol: string;
  interval: string;
  past: RunKey;
  today: RunKey;
  /**
   * The last bar's figures of each run: the live one may be the forming bar, changed in place by
   * every tick; a provider other than the simulator might do the same with its latest bar.
   */
  last: string;
}

interface RunKey {
  first: Candle | undefined;
  last: Candle | undefined;
  length: number;
}

const runKey = (bars: readonly Candle[]): RunKey => ({
  first: bars[0],
  last: bars.at(-1),
  length: bars.length,
});

const sameRun = (a: RunKey, b: RunKey) => a.first === b.first && a.last === b.last && a.length === b.length;

const figures = (bar: Candle | undefined) =>
  bar ? `${bar.openTime} ${bar.open} ${bar.high} ${bar.low} ${bar.close} ${bar.volume}` : '';

/** One serialised reply per symbol and interval: the latest asked for. */
export class CandlesReplyCache {
  private readonly entries = new Map<string, { key: Key; json: string }>();

  /** The reply's JSON for these bars: the kept one when the bars are the same, else serialised now. */
  reply(symbol: string, interval: string, past: readonly Candle[], today: readonly Candle[]): string {
    const key: Key = {
      symbol,
      interval,
      past: runKey(past),
      today: runKey(today),
      last: `${figures(past.at(-1))}|${figures(today.at(-1))}`,
    };
    const slot = `${symbol} ${interval}`;
    const kept = this.entries.get(slot);
    if (
      kept &&
      sameRun(kept.key.past, key.past) &&
      sameRun(kept.key.today, key.today) &&
      kept.key.last === key.last
    ) {
      return kept.json;
    }
    const json = JSON.stringify({ success: true, data: { symbol, interval, candles: [...past, ...today] } });
    this.entries.set(slot, { key, json });
    return json;
  }
}
