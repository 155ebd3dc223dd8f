/** The two modes the product subscribes in: full (depth, day volume) and ltpc (last price only). */
export type SubscriptionMode = 'full' | 'ltpc';

/** One consumer's need for one symbol. */
export interface FeedDemand {
  symbol: string;
  mode: SubscriptionMode;
  /** Lower is more important: it keeps its mode (or its place) when the feed's limits bind. */
  priority: number;
}

/**
 * How many instruments a feed carries. `mixed*` apply once both modes are in use: Upstox's V3 feed
 * allows 5000 ltpc or 2000 full alone, but 2000 ltpc and 1500 full together (its combined limits).
 */
export interface FeedCapacity {
  full: number;
  ltpc: number;
  mixedFull: number;
  mixedLtpc: number;
  /** Instruments in all, whatever their mode. */
  total: number;
}

export interface SubscriptionPlan {
  modes: Map<string, SubscriptionMode>;
  /** Full demands that got ltpc because the full limit was reached. */
  downgraded: string[];
  /** Demands the feed has no room for. */
  dropped: string[];
}

/** One entry per symbol: the most detailed mode anyone wants, at the best priority anyone gives. */
function merge(demands: readonly FeedDemand[]): FeedDemand[] {
  const bySymbol = new Map<string, FeedDemand>();
  for (const demand of demands) {
    const seen = bySymbol.get(demand.symbol);
    if (!seen) bySymbol.set(demand.symbol, { ...demand });
    else {
      if (demand.mode === 'full') seen.mode = 'full';
      seen.priority = Math.min(seen.priority, demand.priority);
    }
  }
  // A stable sort: equal priorities keep the order their consumers listed them in.
  return [...bySymbol.values()].sort((a, b) => a.priority - b.priority);
}

/** What to subscribe, and in which mode, so that every consumer is served within the feed's limits. */
export function planSubscriptions(demands: readonly FeedDemand[], capacity: FeedCapacity): SubscriptionPlan {
  const wanted = merge(demands);
  const full = wanted.filter((demand) => demand.mode === 'full').length;
  const ltpc = wanted.length - full;
  const fitsAlone =
    wanted.length <= capacity.total &&
    ((ltpc === 0 && full <= capacity.full) || (full === 0 && ltpc <= capacity.ltpc));
  const fullRoom = fitsAlone ? capacity.full : capacity.mixedFull;
  const ltpcRoom = fitsAlone ? capacity.ltpc : capacity.mixedLtpc;
  const plan: SubscriptionPlan = { modes: new Map(), downgraded: [], dropped: [] };
  let fullUsed = 0;
  let ltpcUsed = 0;
  for (const { symbol, mode } of wanted) {
    if (plan.modes.size >= capacity.total) plan.dropped.push(symbol);
    else if (mode === 'full' && fullUsed < fullRoom) {
      plan.modes.set(symbol, 'full');
      fullUsed++;
    } else if (ltpcUsed < ltpcRoom) {
      plan.modes.set(symbol, 'ltpc');
      ltpcUsed++;
      if (mode === 'full') plan.downgraded.push(symbol);
    } else plan.dropped.push(symbol);
  }
  return plan;
}
