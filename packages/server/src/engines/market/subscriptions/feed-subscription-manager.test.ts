import type { FeedMode, MarketDataProvider } from '../market-types';
import { FeedSubscriptionManager } from './feed-subscription-manager';
import type { FeedCapacity, FeedDemand } from './subscription-plan';

const CAPACITY: FeedCapacity = { full: 2000, ltpc: 5000, mixedFull: 1500, mixedLtpc: 2000, total: Infinity };

/** A provider that records the requests it is sent, as the Upstox feed turns them into sub/change_mode/unsub. */
function recordingProvider(source: 'upstox' | 'yahoo' | 'simulator' = 'upstox') {
  const calls: string[] = [];
  const provider = {
    source,
    subscribe: (symbols: string[], mode: FeedMode) => calls.push(`${mode} ${symbols.join(',')}`),
    unsubscribe: (symbols: string[]) => calls.push(`unsub ${symbols.join(',')}`),
  } as unknown as MarketDataProvider;
  return { provider, calls };
}

describe('FeedSubscriptionManager', () => {
  let wanted: FeedDemand[];
  const manager = () => new FeedSubscriptionManager({ demand: () => wanted, capacity: () => CAPACITY });

  beforeEach(() => {
    wanted = [
      { symbol: 'NIFTY_50', mode: 'full', priority: 0 },
      { symbol: 'RELIANCE', mode: 'full', priority: 2 },
      { symbol: 'INFY', mode: 'ltpc', priority: 3 },
    ];
  });

  it('subscribes a real feed to every symbol in the mode planned for it', () => {
    const { provider, calls } = recordingProvider();
    const subscriptions = manager();
    subscriptions.reconcile(provider);
    expect(calls).toEqual(['ltpc INFY', 'full NIFTY_50,RELIANCE']);
    expect(subscriptions.figures()).toEqual({
      source: 'upstox',
      full: 2,
      ltpc: 1,
      downgraded: 0,
      dropped: 0,
    });
  });

  it('sends only the difference when the demand changes, and nothing when it does not', () => {
    const { provider, calls } = recordingProvider();
    const subscriptions = manager();
    subscriptions.reconcile(provider);
    calls.length = 0;
    subscriptions.reconcile(provider);
    expect(calls).toEqual([]);

    // A new holding in INFY needs full; RELIANCE is no longer wanted; TCS appears on a screen.
    wanted = [
      { symbol: 'NIFTY_50', mode: 'full', priority: 0 },
      { symbol: 'INFY', mode: 'full', priority: 1 },
      { symbol: 'TCS', mode: 'ltpc', priority: 3 },
    ];
    subscriptions.reconcile(provider);
    expect(calls).toEqual(['unsub RELIANCE', 'ltpc TCS', 'full INFY']);
  });

  it('leaves the simulator alone and takes back what the previous feed carried', () => {
    const upstox = recordingProvider();
    const simulator = recordingProvider('simulator');
    const subscriptions = manager();
    subscriptions.reconcile(upstox.provider);
    upstox.calls.length = 0;

    subscriptions.reconcile(simulator.provider);
    expect(upstox.calls).toEqual(['unsub INFY,NIFTY_50,RELIANCE']);
    expect(simulator.calls).toEqual([]);
    expect(subscriptions.figures()).toMatchObject({ source: null, full: 0, ltpc: 0 });

    // Back on Upstox, everything is subscribed afresh.
    upstox.calls.length = 0;
    subscriptions.reconcile(upstox.provider);
    expect(upstox.calls).toEqual(['ltpc INFY', 'full NIFTY_50,RELIANCE']);
  });

  it('keeps going when the feed refuses a request, and tries it again on the next reconcile', () => {
    const { provider, calls } = recordingProvider();
    let refuse = true;
    const subscribe = provider.subscribe;
    provider.subscribe = (symbols, mode) => {
      if (refuse && mode === 'ltpc') throw new Error('feed_limit');
      subscribe(symbols, mode);
    };
    const warnings: string[] = [];
    const subscriptions = new FeedSubscriptionManager({
      demand: () => wanted,
      capacity: () => CAPACITY,
      logger: { warn: (_details, msg) => warnings.push(msg) },
    });
    subscriptions.reconcile(provider);
    expect(calls).toEqual(['full NIFTY_50,RELIANCE']);
    expect(warnings).toEqual(['could not change the market data subscriptions']);

    refuse = false;
    subscriptions.reconcile(provider);
    expect(calls).toEqual(['full NIFTY_50,RELIANCE', 'ltpc INFY']);
  });
});
