import { createAuthEngine } from '../engines/auth/auth-engine';
import {
  createFeedSubscriptionsEngine,
  createMarketEngine,
  createMarketFeedEngine,
} from '../engines/market/market-engine';
import { createMlEngine } from '../engines/ml/ml-engine';
import { createOpsEngine } from '../engines/ops/ops-engine';
import { createRegistryEngine } from '../engines/registry/registry-engine';
import { createSafetyEngine } from '../engines/safety/safety-engine';
import { createStrategyEngine } from '../engines/strategy/strategy-engine';
import { createStreamEngine } from '../engines/stream/stream-engine';
import { createStorageEngine } from '../storage/storage-engine';

const startStop = () => ({ start: jest.fn(), stop: jest.fn() });

describe('engine factories', () => {
  it('market: the publishing timer, and the feed connection with an awaited stop', async () => {
    let disconnected = false;
    const market = {
      startPublishing: jest.fn(),
      stopPublishing: jest.fn(),
      connectFeed: jest.fn(async () => {}),
      disconnectFeed: async () => {
        await Promise.resolve();
        disconnected = true;
      },
    };
    const publishing = createMarketEngine(market);
    const feed = createMarketFeedEngine(market);
    await publishing.start();
    await feed.start();
    expect(market.startPublishing).toHaveBeenCalled();
    expect(market.connectFeed).toHaveBeenCalled();
    await feed.stop();
    await publishing.stop();
    expect(disconnected).toBe(true);
    expect(market.stopPublishing).toHaveBeenCalled();
  });

  it('ops: samples the metrics and beats, and on stop removes the heartbeat row first', async () => {
    const calls: string[] = [];
    const part = (name: string) => ({
      start: () => calls.push(`${name} start`),
      stop: () => calls.push(`${name} stop`),
    });
    const engine = createOpsEngine(part('metrics'), part('heartbeat'));
    expect(engine.name).toBe('ops');
    await engine.start();
    await engine.stop();
    expect(calls).toEqual(['metrics start', 'heartbeat start', 'heartbeat stop', 'metrics stop']);
  });

  it('feed subscriptions, safety: start and stop the part they wrap', async () => {
    for (const [make, name] of [
      [createFeedSubscriptionsEngine, 'feed-subscriptions'],
      [createSafetyEngine, 'safety'],
    ] as const) {
      const part = startStop();
      const engine = make(part);
      expect(engine.name).toBe(name);
      await engine.start();
      expect(part.start).toHaveBeenCalledTimes(1);
      await engine.stop();
      expect(part.stop).toHaveBeenCalledTimes(1);
    }
  });

  it('ml: awaits the models and news start, and stops all of them', async () => {
    const ml = { start: jest.fn(async () => {}), stop: jest.fn() };
    const engine = createMlEngine(ml);
    await engine.start();
    await engine.stop();
    expect(ml.start).toHaveBeenCalled();
    expect(ml.stop).toHaveBeenCalled();
  });

  it('strategy: runs the phase engine and, on stop, stops both loops whatever the mode', async () => {
    const phases = startStop();
    const tradingLoop = { stop: jest.fn() };
    const liveLoop = { stop: jest.fn() };
    const engine = createStrategyEngine({ phases, tradingLoop, liveLoop });
    await engine.start();
    expect(phases.start).toHaveBeenCalled();
    await engine.stop();
    expect([tradingLoop.stop, liveLoop.stop, phases.stop].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('registry: publishes each change on the registry topic while started, and unwatches on stop', async () => {
    const unwatch = jest.fn();
    let onChange: (document: unknown) => void = () => {};
    const registry = {
      watch: jest.fn((listener: (document: unknown) => void) => {
        onChange = listener;
        return unwatch;
      }),
    };
    const publish = jest.fn();
    const engine = createRegistryEngine({ registry, publish });
    await engine.start();
    onChange({ remotes: [] });
    expect(publish).toHaveBeenCalledWith('registry', { remotes: [] });
    await engine.stop();
    expect(unwatch).toHaveBeenCalledTimes(1);
  });

  it('stream: closes every socket and its session checks on stop', async () => {
    const stream = { closeAll: jest.fn() };
    const engine = createStreamEngine(stream);
    await engine.start();
    await engine.stop();
    expect(stream.closeAll).toHaveBeenCalledTimes(1);
  });

  it('auth: stops sign-in (its lapsed-link timer) on stop', async () => {
    const auth = { stop: jest.fn() };
    await createAuthEngine(auth).stop();
    expect(auth.stop).toHaveBeenCalledTimes(1);
  });

  it('storage: closes the database once, last', async () => {
    const db = {
      open: true,
      close: jest.fn(() => {
        db.open = false;
      }),
    };
    const engine = createStorageEngine(db);
    await engine.stop();
    await engine.stop();
    expect(db.close).toHaveBeenCalledTimes(1);
  });
});
