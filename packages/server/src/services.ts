import path from 'node:path';
import type { Logger } from 'pino';
import { type AuthService, createAuthService } from './auth/auth-service';
import { UpstoxAccount } from './broker/upstox-account';
import type { AppConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { SettingsRepository } from './db/settings-repository';
import { MarketDataService } from './market/market-data-service';
import { engineStatus, tickDashboard } from './market/market-reports';
import { createRealFeeds, feedForMode } from './market/real-feeds';
import { defaultRegistry, RemoteRegistryStore } from './platform/remote-registry-store';
import { TradingModeService } from './platform/trading-mode-service';
import { SecretBox } from './security/secret-box';
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
  upstoxAccount: UpstoxAccount;
  engineStatus(): ReturnType<typeof engineStatus>;
  tickDashboard(): ReturnType<typeof tickDashboard>;
  /** Points the market engine at the feed the trading mode and the broker session call for. */
  selectFeed(): Promise<void>;
  start(): Promise<void>;
  close(): void;
}

export function createServices(
  config: AppConfig,
  logger: Logger,
  options: { databaseFile?: string } = {},
): AppServices {
  const db = openDatabase(options.databaseFile ?? path.join(config.dataDir, 'trading.db'));
  const settings = new SettingsRepository(db);
  const registry = new RemoteRegistryStore(
    path.join(config.dataDir, 'remote-registry.json'),
    defaultRegistry(config.publicHost, config.remotePorts),
  );
  const auth = createAuthService({ db, config, logger });
  let market: MarketDataService | null = null;
  const stream = new StreamHub({
    verifyToken: (token) => auth.verifySession(token)?.email ?? null,
    isKnownSymbol: (symbol) => market?.isKnownSymbol(symbol) ?? false,
  });
  market = new MarketDataService(config.market, stream, logger);
  const marketData = market;
  const box = SecretBox.fromDataDir(config.dataDir, config.secretsKey);
  const upstoxAccount = new UpstoxAccount(config.upstox, settings, box);
  const feeds = createRealFeeds(config, upstoxAccount, marketData, logger);
  const tradingMode = new TradingModeService(settings, {
    liveUnavailableReason: () => upstoxAccount.problem(),
  });

  let stopWatchingRegistry = () => {};
  const selectFeed = async () => {
    const wanted = feedForMode(
      tradingMode.current(),
      { simulator: marketData.simulator, upstox: feeds.upstox, yahoo: feeds.yahoo },
      upstoxAccount.problem() === null,
    );
    if (wanted !== marketData.activeProvider) await marketData.use(wanted);
  };
  tradingMode.onChange(
    () => void selectFeed().catch((error) => logger.error({ err: error }, 'could not switch feed')),
  );

  return {
    config,
    db,
    logger,
    auth,
    stream,
    registry,
    tradingMode,
    market: marketData,
    upstoxAccount,
    engineStatus: () => engineStatus(marketData, false),
    tickDashboard: () => tickDashboard(marketData, stream),
    selectFeed,
    start: async () => {
      // A registry change (script or PUT) reaches open browsers at once on the `registry` topic.
      stopWatchingRegistry = registry.watch((document) => stream.publish('registry', document));
      await marketData.start();
      await selectFeed();
    },
    close: () => {
      stopWatchingRegistry();
      void marketData.stop();
      db.close();
    },
  };
}
