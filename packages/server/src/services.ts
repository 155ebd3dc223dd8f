import path from 'node:path';
import type { Logger } from 'pino';
import { type AuthService, createAuthService } from './auth/auth-service';
import type { AppConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { SettingsRepository } from './db/settings-repository';
import { MarketDataService } from './market/market-data-service';
import { engineStatus, tickDashboard } from './market/market-reports';
import { defaultRegistry, RemoteRegistryStore } from './platform/remote-registry-store';
import { noBrokerGate, TradingModeService } from './platform/trading-mode-service';
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
  engineStatus(): ReturnType<typeof engineStatus>;
  tickDashboard(): ReturnType<typeof tickDashboard>;
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
  return {
    config,
    db,
    logger,
    auth,
    stream,
    registry,
    tradingMode: new TradingModeService(settings, noBrokerGate),
    market: marketData,
    engineStatus: () => engineStatus(marketData, false),
    tickDashboard: () => tickDashboard(marketData, stream),
    start: () => marketData.start(),
    close: () => {
      void marketData.stop();
      db.close();
    },
  };
}
