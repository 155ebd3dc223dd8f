import path from 'node:path';
import type { Logger } from 'pino';
import { type AuthService, createAuthService } from './auth/auth-service';
import { PAPER_STARTING_BALANCE_PAISE } from './broker/broker-types';
import { replayHistoryIntoEmptyLedger } from './broker/history-replay';
import { Ledger } from './broker/ledger';
import { LiveBroker } from './broker/live';
import { LiveVenue } from './broker/live/live-venue';
import { LiveDayOpenings } from './broker/live-day-openings';
import { PaperBroker, paperMarketFrom } from './broker/paper/paper-broker';
import { PaperAccountPreparation, preparingLoopState } from './broker/paper-account-preparation';
import { paperVenue } from './broker/paper-venue';
import { TradingService } from './broker/trading-service';
import { UpstoxAccount } from './broker/upstox-account';
import type { AppConfig } from './config';
import { createDataSources, type DataSourceService } from './data-sources';
import { type Db, openDatabase } from './db/database';
import { SettingsRepository } from './db/settings-repository';
import { INDEX_IDS } from './market/instruments';
import { MarketDataService } from './market/market-data-service';
import { engineStatus, tickDashboard } from './market/market-reports';
import { createRealFeeds, feedForMode } from './market/real-feeds';
import { createFeedSubscriptions, type FeedSubscriptions } from './market/subscriptions';
import { createMlService, type MlService } from './ml';
import { createInfraMetrics, type InfraMetrics } from './ops/metrics';
import { RestartService } from './ops/restart';
import { defaultRegistry, RemoteRegistryStore } from './platform/remote-registry-store';
import { TradingModeService } from './platform/trading-mode-service';
import { createResearchService, type ResearchService } from './research';
import { createRiskEngine, type RiskEngine } from './risk';
import { createSafety, type SafetyService } from './safety';
import { secureDataDir } from './security/owner-only-files';
import { SecretBox } from './security/secret-box';
import { TradingLoop } from './strategy';
import type { AllocationService } from './strategy/allocation/allocation-service';
import { createAllocationService } from './strategy/allocation/create-allocation-service';
import { SignalEdgeBook } from './strategy/allocation/signal-edge';
import { EXIT_RULES } from './strategy/exits';
import { LiveTradingLoop } from './strategy/live-trading-loop';
import { createPhaseService, type PhaseService } from './strategy/phase-engine';
import { StreamHub } from './stream/stream-hub';

/** Everything a route may call, built once per process (or per test). */
export interface AppServices {
  config: AppConfig;
  db: Db;
  logger: Logger;
  auth: AuthService;
  registry: RemoteRegistryStore;
  tradingMode: TradingModeService;
  stream: StreamHub;
  market: MarketDataService;
  /** What the real feed streams: indices, holdings, the ranked universe and what screens ask for. */
  feedSubscriptions: FeedSubscriptions;
  upstoxAccount: UpstoxAccount;
  ledger: Ledger;
  paperBroker: PaperBroker;
  /** The start-up replay's progress: paper orders are refused (503) until it ends. */
  paperPreparation: PaperAccountPreparation;
  trading: TradingService;
  tradingLoop: TradingLoop;
  /** The same loop on the Upstox account, run in live mode only. */
  liveLoop: LiveTradingLoop;
  liveVenue: LiveVenue;
  /** Real orders through Upstox: the cancel route asks it for live orders. */
  liveBroker: LiveBroker;
  research: ResearchService;
  /** spec part 1 "Daily Investment Allocation": the settings both loops read on every run. */
  allocation: AllocationService;
  /** Risk Management's figures for the account the trading mode names. */
  risk: RiskEngine;
  /** Emergency Stop, circuit breakers, risk limits, alerts: the order gate in front of both brokers. */
  safety: SafetyService;
  /** News & sentiment, the six-model ensemble (the loops' ML signal source) and ML insight. */
  ml: MlService;
  /** spec part 2 §2.1: built-in and custom data sources; the built-ins' switches drive the feeds. */
  dataSources: DataSourceService;
  /** The auto-scaling monitor's process and machine measurements and the scaling rules on them. */
  infraMetrics: InfraMetrics;
  /** Production scaling: the phase engine whose phase the loops' caps come from while it runs. */
  phases: PhaseService;
  engineStatus(): ReturnType<typeof engineStatus>;
  tickDashboard(): ReturnType<typeof tickDashboard>;
  /** Restarts asked for over the API: rate limit, drain, exit for the supervisor (main.ts attaches the exit). */
  restart: RestartService;
  /** Points the market engine at the feed the trading mode and the broker session call for. */
  selectFeed(): Promise<void>;
  start(): Promise<void>;
  close(): void;
}

export function createServices(
  config: AppConfig,
  logger: Logger,
  options: {
    databaseFile?: string;
    /** The clock every service reads (epoch ms); tests pass a fixed one so no result depends on today. */
    now?: () => number;
  } = {},
): AppServices {
  const now = options.now ?? Date.now;
  const tightened = secureDataDir(config.dataDir);
  if (tightened.length > 0)
    logger.warn({ tightened }, 'data directory was open to other users: now owner-only');
  const db = openDatabase(options.databaseFile ?? path.join(config.dataDir, 'trading.db'));
  const settings = new SettingsRepository(db);
  const registry = new RemoteRegistryStore(
    path.join(config.dataDir, 'remote-registry.json'),
    defaultRegistry(config.publicHost, config.remotePorts),
    { allowedOrigins: config.allowedRemoteOrigins, logger },
  );
  const auth = createAuthService({ db, config, logger, now });
  let market: MarketDataService | null = null;
  const stream = new StreamHub({
    verifyToken: (token) => auth.verifySession(token)?.email ?? null,
    isSessionLive: (token) => auth.isSessionLive(token),
    isKnownSymbol: (symbol) => market?.isKnownSymbol(symbol) ?? false,
  });
  market = new MarketDataService(config.market, stream, logger, now);
  const marketData = market;
  const box = SecretBox.fromDataDir(config.dataDir, config.secretsKey);
  const upstoxAccount = new UpstoxAccount(config.upstox, settings, box, now);
  const feeds = createRealFeeds(config, upstoxAccount, marketData, logger);
  const tradingMode = new TradingModeService(settings, {
    liveUnavailableReason: () => upstoxAccount.problem(),
  });

  const ledger = new Ledger(db, now);
  ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
  const paperBroker = new PaperBroker(db, ledger, paperMarketFrom(marketData), undefined, now);
  const paperPreparation = new PaperAccountPreparation();
  paperBroker.holdOrdersWhile(paperPreparation);
  const trading = new TradingService(db, ledger, paperBroker, marketData, () => tradingMode.current(), now);
  const allocation = createAllocationService({
    db,
    settings,
    market: marketData,
    trading,
    tradingMode,
    config,
    rank: (at) => tradingLoop.rank(at),
    research: () => research,
    now,
  });
  const allocationPieces = {
    allocation: () => allocation.loopSettings(),
    chargeRates: () => trading.limits(),
    // One book for the start-up replay and both loops: the replay's measurements carry into live decisions.
    signalEdge: new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs),
  };
  const dataSources = createDataSources({
    ...{ db, box, now, allowLoopback: config.dataSources.allowLoopback, yahoo: config.yahoo },
    ...{ providerHealth: (source) => marketData.health(source), onFeedsChanged: () => selectFeed() },
  });
  const ml = createMlService({
    ...{ db, market: marketData, logger, now, mode: () => tradingMode.current() },
    trades: () => trading.tradesForExport({ status: 'all', range: 'all' }),
    closedTrades: () => trading.closedTradeStats(),
    newsFeedEnabled: (id) => dataSources.isEnabled(id),
    customNewsFeeds: () => dataSources.enabledCustomNewsFeeds(),
  });
  const tradingLoop = new TradingLoop({
    ...allocationPieces,
    source: ml.models.signalSource,
    venue: paperVenue(trading),
    clock: marketData.clock,
    now,
    universe: () =>
      marketData.instruments.map((instrument) => ({
        symbol: instrument.symbol,
        bars: marketData.pipeline.minuteBars(instrument.symbol),
      })),
    log: logger,
  });
  // Live mode trades the Upstox account: the same loop on a venue refreshed from Upstox before each run.
  const liveBroker = new LiveBroker({
    account: upstoxAccount,
    now,
    onChaseError: (error, orderId) =>
      logger.warn({ err: error, orderId }, 'cancel of a live order not settled yet; trying again'),
  });
  const liveVenue: LiveVenue = new LiveVenue({
    broker: liveBroker,
    marks: (symbol) => trading.markPrice(symbol),
    now,
    previousClose: (symbol) => marketData.previousClose(symbol),
    dayOpening: (): number | undefined => liveOpenings.today(),
    log: logger,
  });
  const liveOpenings: LiveDayOpenings = new LiveDayOpenings({
    ledger,
    venue: liveVenue,
    calendar: marketData.clock,
    now,
  });
  trading.attachLive(liveVenue);
  const catalogue = marketData.instruments.map((instrument) => instrument.symbol);
  const feedSubscriptions = createFeedSubscriptions(
    marketData,
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
  const liveLoop = new LiveTradingLoop({
    loop: new TradingLoop({
      venue: liveVenue,
      clock: marketData.clock,
      now,
      universe: () =>
        marketData.instruments.map((instrument) => ({
          symbol: instrument.symbol,
          bars: marketData.pipeline.minuteBars(instrument.symbol),
        })),
      account: 'live',
      source: ml.models.signalSource,
      log: logger,
      ...allocationPieces,
    }),
    venue: liveVenue,
    log: logger,
    now,
  });
  const safety = createSafety({
    ...{ db, settings, logger, now, config, market: marketData, stream, ledger, trading, paperBroker },
    ...{ liveBroker, liveVenue, upstoxAccount, mode: () => tradingMode.current() },
    stopLoops: () => {
      tradingLoop.stop();
      liveLoop.stop();
    },
    resumeLoops: () => followMode(),
  });
  // Mock and paper modes run the paper loop; live mode runs the live one while Upstox can trade.
  // TRADING_LOOP=off keeps both off: it means no automated orders at all; a trading halt keeps both stopped.
  const followMode = () => {
    if (safety.haltState().halted) {
      tradingLoop.stop();
      liveLoop.stop();
    } else if (tradingMode.current() === 'live') {
      tradingLoop.stop();
      if (config.tradingLoop && upstoxAccount.problem() === null) liveLoop.start();
      else liveLoop.stop();
    } else {
      liveLoop.stop();
      // The paper loop starts once the start-up replay has prepared the account (it ends by calling this).
      if (config.tradingLoop && !paperPreparation.running) tradingLoop.start();
      else tradingLoop.stop();
    }
  };
  tradingMode.onChange(followMode);
  let restingOrdersTimer: ReturnType<typeof setInterval> | null = null;
  let stopWatchingRegistry = () => {};
  const selectFeed = async () => {
    const wanted = feedForMode(
      tradingMode.current(),
      {
        simulator: marketData.simulator,
        upstox: feeds.upstox,
        yahoo: dataSources.isEnabled('yahoo-finance') ? feeds.yahoo : null,
      },
      upstoxAccount.problem() === null && dataSources.isEnabled('upstox'),
    );
    if (wanted !== marketData.activeProvider) await marketData.use(wanted);
  };
  tradingMode.onChange(
    () => void selectFeed().catch((error) => logger.error({ err: error }, 'could not switch feed')),
  );

  const infraMetrics = createInfraMetrics({ market: marketData, upstoxAccount, now });
  const phases = createPhaseService({ db, trading, safety, now, logger });
  const research = createResearchService({ market: marketData, tradingLoop, trading, now });
  return {
    config,
    db,
    logger,
    auth,
    stream,
    registry,
    tradingMode,
    market: marketData,
    feedSubscriptions,
    upstoxAccount,
    ledger,
    paperBroker,
    paperPreparation,
    trading,
    tradingLoop,
    liveLoop,
    liveVenue,
    liveBroker,
    research,
    allocation,
    risk: createRiskEngine({
      db,
      market: marketData,
      trading,
      tradingMode,
      riskFreeRatePercent: config.riskFreeRatePercent,
      now,
      singleStockLimitPercent: () => safety.parts.limits.limits().position_limits.max_single_stock,
    }),
    safety,
    ml,
    dataSources,
    infraMetrics,
    phases,
    engineStatus: () => ({
      ...(tradingMode.current() === 'live'
        ? engineStatus(marketData, liveLoop.state(), 'live')
        : engineStatus(marketData, preparingLoopState(tradingLoop.state(), paperPreparation), 'paper')),
      halt: safety.haltState(),
    }),
    tickDashboard: () => tickDashboard(marketData, stream),
    restart: new RestartService({ settings, now, log: logger, minIntervalMs: config.restart.minIntervalMs }),
    selectFeed,
    start: async () => {
      // A registry change (script or PUT) reaches open browsers at once on the `registry` topic.
      stopWatchingRegistry = registry.watch((document) => stream.publish('registry', document));
      await marketData.start();
      await selectFeed();
      feedSubscriptions.start();
      const begin = () => {
        // The paper account's day opening; the live account has no figures until its first sync, and a
        // restart while trading live must not stop at that.
        trading.summary('paper');
        followMode();
      };
      if (config.replayHistory && tradingMode.current() === 'mock') {
        // On a fresh mock install the loop first replays the generated history, then trades live.
        // It feeds the expected-move book but is not gated by it: the generated history has no edge
        // by construction, so gated it books nothing (0027), and this replay exists to fill the screens.
        const replay = replayHistoryIntoEmptyLedger(
          db,
          ledger,
          marketData,
          logger,
          { ...allocationPieces, gateOnSignalEdge: false },
          paperPreparation,
        )
          .catch((error) => logger.error({ err: error }, 'history replay failed'))
          .finally(() => {
            paperPreparation.finish();
            begin();
          });
        trading.holdDayOpenUntil(replay);
      } else {
        begin();
      }
      // Resting limit orders are checked against the latest prices every second.
      // Nothing thrown here may leave the timer: an exception out of it would end the process.
      restingOrdersTimer = setInterval(() => {
        try {
          // The portfolio topic carries the overview every second while anyone watches it.
          if (stream.hasSubscribers('portfolio')) stream.publish('portfolio', trading.overview());
        } catch (error) {
          logger.error({ err: error, timer: 'resting-orders' }, 'could not publish the portfolio overview');
        }
        try {
          paperBroker.checkRestingOrders((error, symbol) =>
            logger.error({ err: error, timer: 'resting-orders', symbol }, 'could not check resting orders'),
          );
        } catch (error) {
          logger.error({ err: error, timer: 'resting-orders' }, 'could not read the resting orders');
        }
      }, 1000);
      restingOrdersTimer.unref?.();
      safety.start();
      infraMetrics.start();
      phases.start();
      await ml.start();
    },
    close: () => {
      ml.stop();
      infraMetrics.stop();
      phases.stop();
      safety.stop();
      tradingLoop.stop();
      liveLoop.stop();
      feedSubscriptions.stop();
      if (restingOrdersTimer) clearInterval(restingOrdersTimer);
      stopWatchingRegistry();
      void marketData.stop();
      trading.close();
      db.close();
    },
  };
}
