import type { FeedMode } from '../../market-types';
import { assertWithinFeedLimit } from './upstox-feed-limits';

export interface ResolvedInstrument {
  symbol: string;
  instrumentKey: string;
}

export interface SubscriptionChange {
  /** Keys new to the feed. */
  subscribe: string[];
  /** Keys already streaming in another mode. */
  changeMode: string[];
}

const DETAIL: FeedMode[] = ['full_d30', 'full', 'ltpc'];

/** Which instruments the feed should carry and in which mode; checks Upstox's per-mode limits. */
export class UpstoxSubscriptions {
  private readonly bySymbol = new Map<string, { instrumentKey: string; mode: FeedMode }>();

  get size(): number {
    return this.bySymbol.size;
  }

  count(mode: FeedMode): number {
    let n = 0;
    for (const entry of this.bySymbol.values()) if (entry.mode === mode) n++;
    return n;
  }

  /** Records the instruments in `mode` and says what to send; throws feed_limit and changes nothing if too many. */
  add(instruments: ResolvedInstrument[], mode: FeedMode): SubscriptionChange {
    const incoming = new Map(instruments.map((i) => [i.symbol, i.instrumentKey]));
    const joining = [...incoming.keys()].filter((symbol) => this.bySymbol.get(symbol)?.mode !== mode);
    assertWithinFeedLimit(mode, this.count(mode) + joining.length);
    const change: SubscriptionChange = { subscribe: [], changeMode: [] };
    for (const symbol of joining) {
      const instrumentKey = incoming.get(symbol)!;
      (this.bySymbol.has(symbol) ? change.changeMode : change.subscribe).push(instrumentKey);
      this.bySymbol.set(symbol, { instrumentKey, mode });
    }
    return change;
  }

  /** Forgets the symbols and returns the keys to unsubscribe. */
  remove(symbols: string[]): string[] {
    const keys: string[] = [];
    for (const symbol of symbols) {
      const entry = this.bySymbol.get(symbol);
      if (!entry) continue;
      keys.push(entry.instrumentKey);
      this.bySymbol.delete(symbol);
    }
    return keys;
  }

  /** Every key grouped by mode, to subscribe again on a new connection. */
  keysByMode(): Map<FeedMode, string[]> {
    const groups = new Map<FeedMode, string[]>();
    for (const { instrumentKey, mode } of this.bySymbol.values()) {
      const keys = groups.get(mode) ?? [];
      keys.push(instrumentKey);
      groups.set(mode, keys);
    }
    return groups;
  }

  /** The most detailed mode in use, for health. */
  dominantMode(): FeedMode | null {
    const modes = new Set([...this.bySymbol.values()].map((entry) => entry.mode));
    return DETAIL.find((mode) => modes.has(mode)) ?? null;
  }
}
