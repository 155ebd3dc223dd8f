import path from 'node:path';
import { SECOND_FACTOR_MESSAGES } from '@td/contracts';
import type { Logger } from 'pino';
import { createAuthService } from '../engines/auth/auth-service';
import type { ScryptCost } from '../engines/auth/password-hash';
import { UpstoxAccount } from '../engines/broker/upstox-account';
import { createDataSources } from '../engines/data-sources';
import { HistoryStore, RequestPacer, UpstoxHistoryFetch } from '../engines/market/history';
import { isKnownSymbol } from '../engines/market/instruments';
import { MarketDataService } from '../engines/market/market-data-service';
import { createRealFeeds } from '../engines/market/real-feeds';
import { shareFeedTicks } from '../engines/market/shared-ticks';
import { defaultRegistry, RemoteRegistryStore } from '../engines/registry/remote-registry-store';
import { clusterStream } from '../engines/stream/cluster-stream';
import { StreamHub } from '../engines/stream/stream-hub';
import { openStorage } from '../storage/open-storage';
import { secureDataDir } from '../storage/secrets/owner-only-files';
import { SecretBox } from '../storage/secrets/secret-box';
import { SqlDataSourcesRepository } from '../storage/sql/data-sources-repository';
import { SqlHistoricalCandlesRepository } from '../storage/sql/historical-candles-repository';
import { SqlSecondFactorRepository } from '../storage/sql/second-factor-repository';
import { SqlSessionsRepository } from '../storage/sql/sessions-repository';
import { SqlSettingsRepository } from '../storage/sql/settings-repository';
import { openCluster } from './cluster';
import type { AppConfig } from './config';
import { realTimers } from './instant-timer';
import { createLeadership } from './leadership/create-leadership';
import { leaderOnlyWork } from './leadership/leader-only';
import type { LeadershipEngine } from './leadership/lease-elector';
import { ModeController } from './mode-controller';

export interface RuntimeOptions {
  databaseFile?: string;
  /** The clock every service reads (epoch ms); tests pass a fixed one so no result depends on today. */
  now?: () => number;
  /** Tests lower the password-hash cost; production always uses the default. */
  scryptCost?: ScryptCost;
  /** Tests: a PostgreSQL schema of the run's own, when DATABASE_URL selects PostgreSQL. */
  databaseSchema?: string;
  /** Tests decide by hand whether this instance leads; otherwise LEADER_ELECTION does. */
  leadership?: LeadershipEngine;
}

/** Storage, sign-in, the stream, the market and its feeds, the data sources and the mode: §6 entries 0–5. */
export function buildFoundation(config: AppConfig, logger: Logger, options: RuntimeOptions) {
  const now = options.now ?? Date.now;
  const tightened = secureDataDir(config.dataDir);
  if (tightened.length > 0)
    logger.warn({ tightened }, 'data directory was open to other users: now owner-only');
  const storage = openStorage({
    databaseUrl: config.databaseUrl,
    databaseFile: options.databaseFile ?? path.join(config.dataDir, 'trading.db'),
    schema: options.databaseSchema,
  });
  const { db } = storage;
  const settings = new SqlSettingsRepository(db);
  const box = SecretBox.fromDataDir(config.dataDir, config.secretsKey);
  // What crosses instances (decision 0032): Redis with REDIS_URL, else this process alone.
  const cluster = openCluster(config, logger);
  const clusterError = (error: unknown) =>
    logger.warn({ err: error }, 'could not publish on the cluster bus');
  const auth = createAuthService({
    ...{ sessions: new SqlSessionsRepository(db), unitOfWork: storage.unitOfWork },
    ...{ secondFactors: new SqlSecondFactorRepository(db), box },
    ...{ config, logger, now, scryptCost: options.scryptCost, counters: cluster.counters ?? undefined },
    onSessionsEnded: (email) => cluster.bus.publish({ type: 'session-revoked', email }).catch(clusterError),
  });
  const stream = new StreamHub({
    verifyToken: (token) => auth.verifySession(token)?.email ?? null,
    isSessionLive: (token) => auth.isSessionLive(token),
    // The static catalogue: the stream needs no market engine to know a symbol.
    isKnownSymbol,
  });
  const leadership = options.leadership ?? createLeadership(config, db, now, logger);
  const leading = () => leadership.isLeader();
  // Across instances the leader's market publishes on the bus and every hub, this one included, delivers.
  const feedStream = clusterStream(cluster.bus, stream, clusterError, leading);
  const market = new MarketDataService(config.market, feedStream.publisher, logger, now);
  // A follower's feed is not connected: its market takes the leader's ticks off the bus.
  const sharedTicks = shareFeedTicks(cluster.bus, market, leading, clusterError);
  const upstoxAccount = new UpstoxAccount(config.upstox, settings, box, now);
  const feeds = createRealFeeds(config, upstoxAccount, market, logger);
  const tradingMode = new ModeController(
    settings,
    {
      // Live orders move real money: the account must have two-step sign-in on (decision 0036).
      liveUnavailableReason: () =>
        upstoxAccount.problem() ??
        (auth.secondFactor.isOnForLiveGate() ? null : SECOND_FACTOR_MESSAGES.liveNeedsIt),
      liveAllowedUntil: () => upstoxAccount.liveAllowedUntil(),
    },
    { ...realTimers, now },
  );
  tradingMode.attachLeadership(leadership);
  const dataSources = createDataSources({
    ...{ box, now, allowLoopback: config.dataSources.allowLoopback, yahoo: config.yahoo },
    sources: new SqlDataSourcesRepository(db, now),
    providerHealth: (source) => market.health(source),
    onFeedsChanged: () => tradingMode.feedsChanged(),
  });
  tradingMode.attachFeeds({
    market,
    feeds: () => ({
      simulator: market.simulator,
      upstox: feeds.upstox,
      yahoo: dataSources.isEnabled('yahoo-finance') ? feeds.yahoo : null,
    }),
    upstoxUsable: () => upstoxAccount.problem() === null && dataSources.isEnabled('upstox'),
    onError: (error) => logger.error({ err: error }, 'could not switch feed'),
  });
  // Real bars for backtests: CSV imports and Upstox's history (docs/history-import.md).
  const history = new HistoryStore({
    candles: new SqlHistoricalCandlesRepository(db),
    unitOfWork: storage.unitOfWork,
  });
  const upstoxHistory = new UpstoxHistoryFetch({
    ...{ rest: upstoxAccount.rest, store: history, now },
    unavailableReason: () => upstoxAccount.problem(),
    // Upstox counts requests in real time, whatever clock the services read.
    pacer: new RequestPacer({
      now: Date.now,
      sleep: (ms) => new Promise((done) => setTimeout(done, ms).unref()),
    }),
  });
  const registry = new RemoteRegistryStore(
    path.join(config.dataDir, 'remote-registry.json'),
    defaultRegistry(config.publicHost, config.remotePorts),
    { allowedOrigins: config.allowedRemoteOrigins, logger },
  );
  return {
    config,
    logger,
    now,
    storage,
    db,
    cluster,
    feedStream,
    sharedTicks,
    settings,
    box,
    auth,
    stream,
    market,
    upstoxAccount,
    tradingMode,
    dataSources,
    history,
    upstoxHistory,
    registry,
    leadership,
    leaderOnly: leaderOnlyWork(leadership, logger),
  };
}

export type Foundation = ReturnType<typeof buildFoundation>;
