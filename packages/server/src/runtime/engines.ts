import type { Engine } from '../core/ports/engine';
import { createAuthEngine } from '../engines/auth/auth-engine';
import type { BacktestService } from '../engines/backtest';
import { createBrokerEngine, createRestingOrdersEngine } from '../engines/broker/broker-engine';
import {
  createFeedSubscriptionsEngine,
  createMarketEngine,
  createMarketFeedEngine,
} from '../engines/market/market-engine';
import { createMlEngine } from '../engines/ml/ml-engine';
import type { InstanceHeartbeat } from '../engines/ops/cluster';
import type { InfraMetrics } from '../engines/ops/metrics';
import { createOpsEngine } from '../engines/ops/ops-engine';
import { createRegistryEngine } from '../engines/registry/registry-engine';
import { createSafetyEngine } from '../engines/safety/safety-engine';
import { replayHistoryIntoEmptyLedger } from '../engines/strategy/replay/history-replay';
import { createStrategyEngine } from '../engines/strategy/strategy-engine';
import { createStreamEngine } from '../engines/stream/stream-engine';
import { createStorageEngine } from '../storage/storage-engine';
import type { Foundation } from './build-foundation';
import type { Trading } from './build-trading';
import { createClusterEngine } from './cluster';
import { createModeLoopsEngine } from './mode-loops-engine';

/**
 * The one ordered list (docs/architecture/server-layers-plan.md §6): started top to bottom, stopped
 * bottom to top, so the loops stop first and the database closes last. `leader(…)` marks the work
 * that runs on one instance only when several share the database (decision 0033): it starts when
 * this instance leads and stops when it steps down; the rest serves requests and streams everywhere.
 */
export function engineList(
  base: Foundation,
  parts: Trading,
  ops: { infraMetrics: InfraMetrics; heartbeat: InstanceHeartbeat },
  backtests: Pick<BacktestService, 'recover' | 'stop'>,
): Engine[] {
  const { config, logger, market, stream, tradingMode } = base;
  const { trading, paperBroker, paperPreparation, tradingLoop, liveLoop } = parts;
  const leader = (engine: Engine) => base.leaderOnly.only(engine);
  const modeLoops = createModeLoopsEngine({
    mode: tradingMode,
    loops: { paper: tradingLoop, live: liveLoop },
    replayHistory: config.replayHistory,
    replay: (signal) =>
      replayHistoryIntoEmptyLedger(
        ...[parts.ledgerStorage, parts.ledger, market, logger],
        { ...parts.allocationPieces, gateOnSignalEdge: false },
        paperPreparation,
        signal,
      ),
    preparation: paperPreparation,
    trading,
    logger,
  });
  return [
    createStorageEngine(base.storage),
    // After storage, before everything that publishes: stopped once they all have.
    createClusterEngine(base.cluster, base.feedStream, base.sharedTicks),
    // Asks for the leader lease; stopped just before the cluster, it releases the lease for a follower.
    base.leadership,
    createAuthEngine(base.auth),
    createStreamEngine(stream),
    createMarketEngine(market),
    leader(createMarketFeedEngine(market)),
    // The mode controller's first half: the feed the mode calls for, once the market runs.
    leader({ name: 'mode-feeds', start: () => tradingMode.selectFeed(), stop: async () => {} }),
    createBrokerEngine({ trading, stream, logger }),
    // A sliced analytics rebuild under way is dropped (never half kept) before the database closes.
    { name: 'analytics', start: () => parts.analytics.warmWorker(), stop: () => parts.analytics.stop() },
    leader(createRestingOrdersEngine({ paperBroker, logger })),
    leader(createFeedSubscriptionsEngine(parts.feedSubscriptions)),
    leader(createSafetyEngine(parts.safety)),
    leader(createMlEngine(parts.ml)),
    createStrategyEngine({ phases: parts.phases, tradingLoop, liveLoop }),
    // A run under way is cancelled and its worker ended before the database closes.
    { name: 'backtests', start: () => backtests.recover(), stop: () => backtests.stop() },
    createOpsEngine(ops.infraMetrics, ops.heartbeat),
    createRegistryEngine({ registry: base.registry, publish: (topic, data) => stream.publish(topic, data) }),
    leader(modeLoops),
  ];
}
