import type { Logger } from 'pino';
import type { ClusterBus } from '../core/ports/cluster-bus';
import type { PerformanceAnalyticsService } from '../engines/analytics/performance-analytics-service';
import type { AuthService } from '../engines/auth/auth-service';
import type { BacktestService, BacktestSweepService } from '../engines/backtest';
import type { Ledger } from '../engines/broker/ledger';
import type { LiveBroker } from '../engines/broker/live';
import type { AlgoIdSetting } from '../engines/broker/live/algo-id-setting';
import type { LiveVenue } from '../engines/broker/live/live-venue';
import type { OrderAuditExport } from '../engines/broker/order-audit-export';
import type { PaperBroker } from '../engines/broker/paper/paper-broker';
import type { PaperAccountPreparation } from '../engines/broker/paper-account-preparation';
import type { TradingService } from '../engines/broker/trading-service';
import type { UpstoxAccount } from '../engines/broker/upstox-account';
import type { DataSourceService } from '../engines/data-sources';
import type { HistoryStore, UpstoxHistoryFetch } from '../engines/market/history';
import type { MarketDataService } from '../engines/market/market-data-service';
import type { FeedSubscriptions } from '../engines/market/subscriptions';
import type { MlService } from '../engines/ml';
import type { AutoScalingMonitor } from '../engines/ops/cluster';
import type { InfraMetrics } from '../engines/ops/metrics';
import type { RestartService } from '../engines/ops/restart';
import type { RemoteRegistryStore } from '../engines/registry/remote-registry-store';
import type { ResearchService } from '../engines/research';
import type { RiskEngine } from '../engines/risk';
import type { SafetyService } from '../engines/safety';
import type { LiveTradingLoop, TradingLoop } from '../engines/strategy';
import type { AllocationService } from '../engines/strategy/allocation/allocation-service';
import type { PhaseService } from '../engines/strategy/phase-engine';
import type { StreamHub } from '../engines/stream/stream-hub';
import type { engineStatus, tickDashboard } from '../status/engine-status';
import type { SqlDatabase } from '../storage/sql/sql-database';
import type { ErrorMapping } from './error-registry';
import type { HeavyRouteLimitOptions } from './heavy-route-limit';
import type { ManagementRouteDeps } from './routes/management';
import type { PlatformRouteDeps } from './routes/platform';
import type { ShellRouteDeps } from './routes/shell';

/** What the HTTP app and its routes read of the configuration; the runtime's AppConfig has it all. */
export type HttpConfig = PlatformRouteDeps['config'] &
  ManagementRouteDeps['config'] & {
    bodyLimit: number;
    /** The proxies whose X-Forwarded-For names the client; false: the socket's peer. */
    trustProxy: false | string[];
    allowedHosts: string[];
    hostOrigins: string[];
    /** Optional so tests that spell out a config need not name it: the defaults of 0042 apply. */
    heavyRoutes?: Omit<HeavyRouteLimitOptions, 'loopDelay'>;
  };

/**
 * Everything a route may call, built once per process (or per test) by the runtime. Declared here,
 * by its consumer: the runtime implements it, routes and app.ts read it.
 */
export interface AppServices {
  config: HttpConfig;
  /** The database itself, for tests and scripts; routes read storageHealthy. */
  db: SqlDatabase;
  /** Whether the database answers a trivial query now (health and server status). */
  storageHealthy(): boolean;
  /** Whether runtime.start() has finished and stop() has not begun (GET /api/ready). */
  runtimeStarted(): boolean;
  /** The bus to the other instances (in-process on one instance): for tests and the instances screen. */
  cluster: { bus: ClusterBus };
  logger: Logger;
  auth: AuthService;
  registry: RemoteRegistryStore;
  /** The trading mode switch: the runtime's mode controller. */
  tradingMode: ShellRouteDeps['tradingMode'];
  /** Performance figures of the account the mode names: one instance for the routes, risk and allocation. */
  analytics: PerformanceAnalyticsService;
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
  /** The order audit trail over IST days, for its export. */
  orderAudit: OrderAuditExport;
  /** Real bars for backtests: CSV imports, the coverage summary and what reads them. */
  history: HistoryStore;
  /** Upstox's historical candles, fetched into the history store while the account is connected. */
  upstoxHistory: UpstoxHistoryFetch;
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
  /** The Auto-Scaling screen: the measurements, the instances sharing the store, the Kubernetes HPA. */
  autoScaling: AutoScalingMonitor;
  /** Production scaling: the phase engine whose phase the loops' caps come from while it runs. */
  phases: PhaseService;
  engineStatus(): ReturnType<typeof engineStatus>;
  tickDashboard(): ReturnType<typeof tickDashboard>;
  /** Restarts asked for over the API: rate limit, drain, exit for the supervisor (main.ts attaches the exit). */
  restart: RestartService;
  /** The Upstox session changed: point the market engine at the feed the mode and the session call for. */
  selectFeed(): Promise<void>;
  /** The algo identifier every live order carries (Settings → Connectivity). */
  algoId: AlgoIdSetting;
  /** The strategy lab's backtests: one run at a time, in a worker, kept in backtest_runs. */
  backtests: BacktestService;
  /** Its parameter sweeps (decision 0057): walk-forward, one at a time with the backtests. */
  backtestSweeps: BacktestSweepService;
  /** Errors the engines map to HTTP statuses (the ledger's refusals, …). */
  errorMappings: readonly ErrorMapping[];
}
