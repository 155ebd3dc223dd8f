import type { MarketDataProvider } from '../market-types';
import {
  type FeedCapacity,
  type FeedDemand,
  planSubscriptions,
  type SubscriptionMode,
} from './subscription-plan';

export interface FeedSubscriptionManagerOptions {
  /** Every consumer's needs right now; read on each reconcile. */
  demand: () => FeedDemand[];
  /** How many instruments the provider carries in each mode. */
  capacity: (provider: MarketDataProvider) => FeedCapacity;
  logger?: { warn(details: object, msg: string): void };
}

/** What the feed in use carries, for status and tests. */
export interface FeedSubscriptionFigures {
  source: string | null;
  full: number;
  ltpc: number;
  downgraded: number;
  dropped: number;
}

/**
 * Keeps the real feed's subscriptions in step with what the product uses: each reconcile plans the
 * subscriptions from the demand and sends the provider only the difference (new symbols, mode
 * changes, symbols no longer needed). The simulator streams everything and is left alone; a feed
 * that stops being the source has its subscriptions taken back, so it would not stream them again.
 */
export class FeedSubscriptionManager {
  private provider: MarketDataProvider | null = null;
  private readonly applied = new Map<string, SubscriptionMode>();
  private downgraded = 0;
  private dropped = 0;
  private lastWarning = '';

  constructor(private readonly options: FeedSubscriptionManagerOptions) {}

  /** Subscribes `provider` to what is needed now; pass null (or the simulator) when no real feed is in use. */
  reconcile(provider: MarketDataProvider | null): void {
    if (provider !== this.provider) this.release();
    if (!provider || provider.source === 'simulator') return;
    this.provider = provider;
    const plan = planSubscriptions(this.options.demand(), this.options.capacity(provider));
    this.downgraded = plan.downgraded.length;
    this.dropped = plan.dropped.length;
    this.warnOnce(plan.downgraded, plan.dropped, provider.source);

    const unneeded = [...this.applied.keys()].filter((symbol) => !plan.modes.has(symbol));
    const moving = (mode: SubscriptionMode) =>
      [...plan.modes]
        .filter(([symbol, m]) => m === mode && this.applied.get(symbol) !== mode)
        .map(([s]) => s);
    // Unsubscribe first, then ltpc, then full: each step stays within the limits the plan respects.
    this.send(provider, unneeded, null);
    this.send(provider, moving('ltpc'), 'ltpc');
    this.send(provider, moving('full'), 'full');
  }

  figures(): FeedSubscriptionFigures {
    let full = 0;
    for (const mode of this.applied.values()) if (mode === 'full') full++;
    return {
      source: this.provider?.source ?? null,
      full,
      ltpc: this.applied.size - full,
      downgraded: this.downgraded,
      dropped: this.dropped,
    };
  }

  /** Takes back everything subscribed on the feed last reconciled. */
  private release(): void {
    if (this.provider && this.applied.size > 0) this.send(this.provider, [...this.applied.keys()], null);
    this.applied.clear();
    this.provider = null;
  }

  private send(provider: MarketDataProvider, symbols: string[], mode: SubscriptionMode | null): void {
    if (symbols.length === 0) return;
    try {
      if (mode === null) {
        provider.unsubscribe(symbols);
        for (const symbol of symbols) this.applied.delete(symbol);
      } else {
        provider.subscribe(symbols, mode);
        for (const symbol of symbols) this.applied.set(symbol, mode);
      }
    } catch (error) {
      // A refusal (limit, unknown symbol) must not stop the rest: the next reconcile tries again.
      this.options.logger?.warn(
        { err: error, source: provider.source, symbols: symbols.slice(0, 5), count: symbols.length },
        'could not change the market data subscriptions',
      );
    }
  }

  /** Says so when the limits bind, once per change rather than on every reconcile. */
  private warnOnce(downgraded: string[], dropped: string[], source: string): void {
    const key = `${source}:${downgraded.length}:${dropped.length}`;
    if (key === this.lastWarning) return;
    this.lastWarning = key;
    if (downgraded.length === 0 && dropped.length === 0) return;
    this.options.logger?.warn(
      { source, downgraded: downgraded.length, dropped: dropped.length, examples: dropped.slice(0, 5) },
      'the market data feed cannot carry every instrument in the mode asked: some get last price only or none',
    );
  }
}
