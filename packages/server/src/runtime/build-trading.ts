import { PAPER_STARTING_BALANCE_PAISE } from '../core/orders';
import { createPerformanceAnalytics } from '../engines/analytics/performance-analytics-service';
import { Ledger } from '../engines/broker/ledger';
import { LiveBroker, OrderThrottle } from '../engines/broker/live';
import { AlgoIdSetting } from '../engines/broker/live/algo-id-setting';
import { LiveVenue } from '../engines/broker/live/live-venue';
import { LiveDayOpenings } from '../engines/broker/live-day-openings';
import { OrderAuditExport } from '../engines/broker/order-audit-export';
import { PaperBroker, paperMarketFrom } from '../engines/broker/paper/paper-broker';
import { PaperAccountPreparation } from '../engines/broker/paper-account-preparation';
import { paperVenue } from '../engines/broker/paper-venue';
import { TradingService } from '../engines/broker/trading-service';
import { INDEX_IDS } from '../engines/market/instruments';
import { createFeedSubscriptions } from '../engines/market/subscriptions';
import { createMlService } from '../engines/ml';
import { createResearchService } from '../engines/research';
import { createSafety } from '../engines/safety';
import { LiveTradingLoop, TradingLoop } from '../engines/strategy';
import type { AllocationService } from '../engines/strategy/allocation/allocation-service';
import { createAllocationService } from '../engines/strategy/allocation/create-allocation-service';
import { SignalEdgeBook } from '../engines/strategy/allocation/signal-edge';
import { EXIT_RULES } from '../engines/strategy/exits';
import { createPhaseService } from '../engines/strategy/phase-engine';
import { SqlAlertsRepository } from '../storage/sql/alerts-repository';
import { SqlHaltsRepository } from '../storage/sql/halts-repository';
import { SqlLedgerReadRepository } from '../storage/sql/ledger-read-repository';
import { sqlLedgerStorage } from '../storage/sql/ledger-storage';
import { SqlOrderAuditRepository } from '../storage/sql/order-audit-repository';
import { SqlPhasesRepository } from '../storage/sql/phases-repository';
import { SqlPredictionsRepository } from '../storage/sql/predictions-repository';
import { analyticsWorkerSpawner } from './analytics-worker';
import type { Foundation } from './build-foundation';
import { mlWalkForwardWorker } from './ml-walk-forward-worker';

/** The broker, feed subscriptions, analytics, safety, ml and strategy (loops, allocation, phases): §6 entries 6–10. */
export function buildTrading(base: Foundation) {
  const { config, logger, now, db, settings, market, stream, upstoxAccount, tradingMode, dataSources } = base;
  // Broker: the paper account on the ledger, and the Upstox account behind the live venue.
  const ledgerStorage = sqlLedgerStorage(db, base.storage.writersUnitOfWork);
  const ledgerReads = new SqlLedgerReadRepository(db);
  const orderAuditReads = new SqlOrderAuditRepository(db);
  const ledger = new Ledger(ledgerStorage, now);
  ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
  const paperBroker = new PaperBroker(
    ledgerStorage.unitOfWork,
    ledger,
    paperMarketFrom(market),
    undefined,
    now,
  );
  const paperPreparation = new PaperAccountPreparation();
  paperBroker.holdOrdersWhile(paperPreparation);
  const trading = new TradingService(
    { groupCommit: base.storage.groupCommit, ledgerReads, orderOrigins: orderAuditReads },
    ledger,
    paperBroker,
    market,
    () => tradingMode.current(),
    now,
  );
  const { counters } = base.cluster;
  const clusterError = (error: unknown) => logger.warn({ err: error }, 'cluster bus or counters: error');
  const algoId = new AlgoIdSetting(settings);
  const liveBroker = new LiveBroker({
    account: upstoxAccount,
    // SEBI's 10 orders a second holds across instances: they count in the shared counters.
    throttle: counters
      ? new OrderThrottle({ shared: { counters, key: 'upstox-orders', onError: clusterError } })
      : undefined,
    // SEBI's algo tagging: each live order carries the setting as it stands when the order is placed.
    algoId: () => algoId.current(),
    now,
    onChaseError: (error, orderId) =>
      logger.warn({ err: error, orderId }, 'cancel of a live order not settled yet; trying again'),
  });
  // The venue and its day openings read each other: the openings are taken from the venue's first sync.
  const liveVenue: LiveVenue = new LiveVenue({
    broker: liveBroker,
    marks: (symbol) => trading.markPrice(symbol),
    now,
    previousClose: (symbol) => market.previousClose(symbol),
    dayOpening: (): number | undefined => liveOpenings.today(),
    log: logger,
    orderAudit: orderAuditReads,
  });
  const liveOpenings = new LiveDayOpenings({ ledger, venue: liveVenue, calendar: market.clock, now });
  trading.attachLive(liveVenue);

  const catalogue = market.instruments.map((instrument) => instrument.symbol);
  const feedSubscriptions = createFeedSubscriptions(
    market,
    {
      indices: INDEX_IDS,
      positions: () => [...ledger.positions('paper'), ...liveVenue.positions()].map((p) => p.symbol),
      // Both loops and research rank every stock of the catalogue.
      universe: () => catalogue,
      catalogue,
      hasSubscribers: (topic) => stream.hasSubscribers(topic),
    },
    logger,
  );
  const readerFile = base.storage.readerFile;
  const analytics = createPerformanceAnalytics(
    { ledgerReads, orders: ledgerStorage.ordersRepo, market, tradingMode, config, logger },
    now,
    // A cold rebuild off the event loop, in a worker with its own read-only connection (decision 0052).
    readerFile ? analyticsWorkerSpawner(readerFile) : undefined,
  );
  const safety = createSafety({
    ...{ ledgerReads, settings, logger, now, config, market, stream, ledger, trading, paperBroker },
    ...{ liveBroker, liveVenue, upstoxAccount, mode: () => tradingMode.current(), loops: tradingMode },
    ...{ alerts: new SqlAlertsRepository(db), halts: new SqlHaltsRepository(db) },
    unitOfWork: ledgerStorage.unitOfWork,
    onHaltChanged: (halt) => base.cluster.bus.publish({ type: 'halt-changed', halt }).catch(clusterError),
  });
  const ml = createMlService({
    ...{ market, logger, now, mode: () => tradingMode.current() },
    predictions: new SqlPredictionsRepository(db),
    trades: () => trading.tradesForExport({ status: 'all', range: 'all' }),
    tradeSteps: (visit) => trading.allTradeSteps(visit),
    closedTrades: () => trading.closedTradeStats(),
    newsFeedEnabled: (id) => dataSources.isEnabled(id),
    customNewsFeeds: () => dataSources.enabledCustomNewsFeeds(),
    walkForward: config.mlWalkForward,
    walkForwardRunner: mlWalkForwardWorker(),
  });

  // Strategy. The loops read the allocation settings on every run and allocation ranks with the
  // paper loop: the loops read it lazily (the one forward reference left).
  const allocationPieces = {
    allocation: () => allocation.loopSettings(),
    chargeRates: () => trading.limits(),
    // One book for the start-up replay and both loops: the replay's measurements carry into live decisions.
    signalEdge: new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs),
  };
  const universe = () =>
    market.instruments.map((instrument) => ({
      symbol: instrument.symbol,
      bars: market.pipeline.minuteBars(instrument.symbol),
    }));
  const loopBasics = { clock: market.clock, now, universe, source: ml.models.signalSource, log: logger };
  const tradingLoop = new TradingLoop({ ...allocationPieces, ...loopBasics, venue: paperVenue(trading) });
  // Live mode trades the Upstox account: the same loop on a venue refreshed from Upstox before each run.
  const liveLoop = new LiveTradingLoop({
    loop: new TradingLoop({ ...allocationPieces, ...loopBasics, venue: liveVenue, account: 'live' }),
    venue: liveVenue,
    log: logger,
    now,
  });
  tradingMode.attachLoops({
    paper: tradingLoop,
    live: liveLoop,
    loopEnabled: config.tradingLoop,
    preparing: () => paperPreparation.running,
    halted: () => safety.haltState().halted,
  });
  const research = createResearchService({ market, tradingLoop, trading, now });
  const allocation: AllocationService = createAllocationService({
    ...{ settings, trading, analytics, now },
    rank: (at) => tradingLoop.rank(at),
    marketVolatility: async () => {
      const analysis = await research.analysis();
      return { level: analysis.volatility_level, percent: analysis.volatility_percent };
    },
  });
  const phases = createPhaseService({
    ...{ phases: new SqlPhasesRepository(db), ledgerReads },
    ...{ trading, safety, now, logger },
  });
  return {
    ...{
      ledger,
      ledgerStorage,
      paperBroker,
      paperPreparation,
      trading,
      liveBroker,
      liveVenue,
      feedSubscriptions,
      algoId,
    },
    ...{ analytics, safety, ml, allocationPieces, tradingLoop, liveLoop, research, allocation, phases },
    // The order audit trail, read back for its export (the ledger appends to it).
    orderAudit: new OrderAuditExport(orderAuditReads),
  };
}

export type Trading = ReturnType<typeof buildTrading>;
