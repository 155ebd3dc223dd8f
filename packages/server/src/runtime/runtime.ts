import type { Logger } from 'pino';
import type { Engine } from '../core/ports/engine';
import type { Leadership } from '../core/ports/leadership';
import { ledgerErrorMapping } from '../engines/broker/ledger/ledger-error';
import { RestartService } from '../engines/ops/restart';
import { createRiskEngine } from '../engines/risk';
import { safetySettings } from '../engines/safety';
import type { AppServices } from '../http/route-deps';
import { engineStatus, preparingLoopState, tickDashboard } from '../status/engine-status';
import { buildBacktests } from './build-backtests';
import { buildFoundation, type RuntimeOptions } from './build-foundation';
import { buildOps } from './build-ops';
import { buildTrading } from './build-trading';
import { followCluster } from './cluster';
import type { AppConfig } from './config';
import { engineList } from './engines';
import type { LeaderOnlyWork } from './leadership/leader-only';
import { startAll, stopAll } from './lifecycle';

export type { RuntimeOptions } from './build-foundation';

export interface Runtime {
  /** What the HTTP app is built on. */
  services: AppServices;
  engines: readonly Engine[];
  /** Whether this instance leads; the Auto-Scaling screen shows it. */
  leadership: Leadership;
  /** The leader-only engines running now: none on a follower. */
  leaderOnly: Pick<LeaderOnlyWork, 'running' | 'idle'>;
  start(): Promise<void>;
  /** Stops every engine in reverse order, awaiting each; the database closes last. Safe to call twice. */
  stop(): Promise<void>;
}

/** Builds every engine in the order of the list, with nothing started: start() does that. */
export function createRuntime(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Runtime {
  const base = buildFoundation(config, logger, options);
  const parts = buildTrading(base);
  const lab = buildBacktests(base);
  const { now, market, stream, tradingMode, upstoxAccount } = base;
  const { trading, safety, tradingLoop, liveLoop, paperPreparation } = parts;
  // Every instance leads until the leadership port is wired in.
  const ops = buildOps(base);
  const { infraMetrics, autoScaling } = ops;
  const risk = createRiskEngine({
    ...{ market, trading, mode: tradingMode, analytics: parts.analytics, now },
    riskLimits: safetySettings(safety),
  });
  let started = false;
  let stopped: Promise<void> | null = null;
  const services: AppServices = {
    storageHealthy: () => base.storage.healthy(),
    // Readiness: true between a finished start and the first stop, so a stopping pod leaves the Service first.
    runtimeStarted: () => started && stopped === null,
    cluster: { bus: base.cluster.bus },
    ...{ config, db: base.db, logger, auth: base.auth, registry: base.registry, tradingMode, stream, market },
    ...{ feedSubscriptions: parts.feedSubscriptions, upstoxAccount, ledger: parts.ledger },
    ...{ paperBroker: parts.paperBroker, paperPreparation, trading, tradingLoop, liveLoop },
    ...{ liveVenue: parts.liveVenue, liveBroker: parts.liveBroker, research: parts.research },
    ...{ allocation: parts.allocation, analytics: parts.analytics, risk, safety, ml: parts.ml },
    ...{ dataSources: base.dataSources, infraMetrics, autoScaling, phases: parts.phases },
    orderAudit: parts.orderAudit,
    ...{ history: base.history, upstoxHistory: base.upstoxHistory },
    algoId: parts.algoId,
    backtests: lab.backtests,
    backtestSweeps: lab.sweeps,
    engineStatus: () => ({
      ...(tradingMode.account() === 'live'
        ? engineStatus(market, liveLoop.state(), 'live')
        : engineStatus(market, preparingLoopState(tradingLoop.state(), paperPreparation), 'paper')),
      halt: safety.haltState(),
    }),
    tickDashboard: () => tickDashboard(market, stream),
    restart: new RestartService({
      ...{ settings: base.settings, now, log: logger },
      minIntervalMs: config.restart.minIntervalMs,
    }),
    selectFeed: () => tradingMode.brokerSessionChanged(),
    errorMappings: [ledgerErrorMapping],
  };
  followCluster(base.cluster.bus, { stream, safety });
  const engines = engineList(base, parts, ops, lab);
  return {
    services,
    engines,
    leadership: base.leadership,
    leaderOnly: base.leaderOnly,
    start: async () => {
      await startAll(engines);
      started = true;
    },
    stop: () =>
      (stopped ??= stopAll(engines).then((failures) => {
        for (const { engine, error } of failures)
          logger.error({ err: error, engine }, 'engine did not stop cleanly');
      })),
  };
}
