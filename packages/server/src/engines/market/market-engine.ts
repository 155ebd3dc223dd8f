import type { Engine } from '../../core/ports/engine';

/** The market's 1 s flush and index publishing for this instance's stream clients: every instance runs it. */
export function createMarketEngine(market: { startPublishing(): void; stopPublishing(): void }): Engine {
  return {
    name: 'market',
    start: () => market.startPublishing(),
    async stop() {
      market.stopPublishing();
    },
  };
}

/** The feed connection (leader-only); its stop is awaited so no provider socket outlives it. */
export function createMarketFeedEngine(market: {
  connectFeed(): Promise<void>;
  disconnectFeed(): Promise<void>;
}): Engine {
  return {
    name: 'market-feed',
    start: () => market.connectFeed(),
    stop: () => market.disconnectFeed(),
  };
}

/** What the real feed streams (indices, holdings, the universe, what screens ask for), kept current. */
export function createFeedSubscriptionsEngine(subscriptions: { start(): void; stop(): void }): Engine {
  return {
    name: 'feed-subscriptions',
    start: () => subscriptions.start(),
    async stop() {
      subscriptions.stop();
    },
  };
}
