import type { Engine } from '../core/ports/engine';
import { createAuthEngine } from '../engines/auth/auth-engine';
import { createBrokerEngine } from '../engines/broker/broker-engine';
import { createFeedSubscriptionsEngine, createMarketEngine } from '../engines/market/market-engine';
import { createMlEngine } from '../engines/ml/ml-engine';
import type { InfraMetrics } from '../engines/ops/metrics';
import { createOpsEngine } from '../engines/ops/ops-engine';
import { createRegistryEngine } from '../engines/registry/registry-engine';
import { createSafetyEngine } from '../engines/safety/safety-engine';
import { replayHistoryIntoEmptyLedger } from '../engines/strategy/replay/history-replay';
import { createStrategyEngine } from '../engines/strategy/strategy-engine';
import { createStreamEngine } from '../engines/stream/stream-engine';
import { createStorageEngine } from '../storage/sqlite/storage-engine';
import type { Foundation } from './build-foundation';
import type { Trading } from './build-trading';
import { createClusterEngine } from './cluster';
import { createModeLoopsEngine } from './mode-loops-engine';

/**
 * The one ordered list (docs/architecture/server-layers-plan.md §6): started top to bottom, stopped
 * bottom to top, so the loops stop first and the database closes last.
 */
export function engineList(base: Foundation, parts: Trading, infraMetrics: InfraMetrics): Engine[] {
  const { config, logger, db, market, stream, tradingMode } = base;
  const { trading, paperBroker, paperPreparation, tradingLoop, liveLoop } = parts;
  return [
    createStorageEngine(db),
    // After storage, before everything that publishes: stopped once they all have.
    createClusterEngine(base.cluster, base.feedStream),
    createAuthEngine(base.auth),
    createStreamEngine(stream),
    createMarketEngine(market),
    // The mode controller's first half: the feed the mode calls for, once the market runs.
    { name: 'mode-feeds', start: () => tradingMode.selectFeed(), stop: async () => {} },
    createBrokerEngine({ paperBroker, trading, stream, logger }),
    createFeedSubscriptionsEngine(parts.feedSubscriptions),
    createSafetyEngine(parts.safety),
    createMlEngine(parts.ml),
    createStrategyEngine({ phases: parts.phases, tradingLoop, liveLoop }),
    createOpsEngine(infraMetrics),
    createRegistryEngine({ registry: base.registry, publish: (topic, data) => stream.publish(topic, data) }),
    createModeLoopsEngine({
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
    }),
  ];
}
