import type { Candle, Tick } from '../market-types';

export interface SmartMoneyEvent {
  kind: 'block_trade' | 'volume_spike';
  symbol: string;
  ts: number;
  /** Trade value in paise (block trade) or the bar's volume (spike). */
  value: number;
  /** How far above normal: the trade against the symbol's typical trade, or the bar against its average. */
  multiple: number;
  description: string;
}

/** A single trade worth at least this much is a block (₹1 crore), whatever the stock. */
export const BLOCK_TRADE_PAISE = 1_00_00_000 * 100;
/** A minute bar with this many times the average of the previous 20 is a spike. */
export const VOLUME_SPIKE_MULTIPLE = 3;
const BASELINE_BARS = 20;

/** Tracks large trades and volume spikes against each symbol's own rolling baseline. */
export class SmartMoneyTracker {
  private readonly recent: SmartMoneyEvent[] = [];
  private readonly volumes = new Map<string, number[]>();
  private readonly typicalTrade = new Map<string, number>();

  onTick(tick: Tick): SmartMoneyEvent | null {
    const value = tick.ltp * tick.ltq;
    const typical = this.typicalTrade.get(tick.symbol) ?? value;
    // An exponential average of trade value: cheap, and forgets the open's rush within minutes.
    this.typicalTrade.set(tick.symbol, typical * 0.99 + value * 0.01);
    if (value < BLOCK_TRADE_PAISE) return null;
    return this.record({
      kind: 'block_trade',
      symbol: tick.symbol,
      ts: tick.exchangeTs,
      value,
      multiple: typical > 0 ? value / typical : 0,
      description: `${tick.ltq.toLocaleString('en-IN')} shares of ${tick.symbol} in one trade`,
    });
  }

  onMinuteBar(bar: Candle): SmartMoneyEvent | null {
    const history = this.volumes.get(bar.symbol) ?? [];
    const baseline = history.length >= 5 ? history.reduce((sum, v) => sum + v, 0) / history.length : null;
    history.push(bar.volume);
    if (history.length > BASELINE_BARS) history.shift();
    this.volumes.set(bar.symbol, history);
    if (baseline === null || baseline === 0 || bar.volume < VOLUME_SPIKE_MULTIPLE * baseline) return null;
    return this.record({
      kind: 'volume_spike',
      symbol: bar.symbol,
      ts: bar.openTime,
      value: bar.volume,
      multiple: bar.volume / baseline,
      description: `${bar.symbol} traded ${(bar.volume / baseline).toFixed(1)}× its usual minute volume`,
    });
  }

  events(limit = 20): SmartMoneyEvent[] {
    return this.recent.slice(-limit).reverse();
  }

  private record(event: SmartMoneyEvent): SmartMoneyEvent {
    this.recent.push(event);
    if (this.recent.length > 200) this.recent.shift();
    return event;
  }
}
