import type { Engine } from '../../core/ports/engine';

/** The market engine's feeds and index timer; its stop is awaited so no provider socket outlives it. */
export function createMarketEngine(market: { start(): Promise<void>; stop(): Promise<void> }): Engine {
  return {
    name: 'market',
    start: () => market.start(),
    stop: () => market.stop(),
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
