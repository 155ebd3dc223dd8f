import type { TradingMode } from '@td/contracts';
import type { Logger } from 'pino';
import type { AccountService } from '../broker/account-service';
import type { AccountId } from '../broker/broker-types';
import type { Ledger } from '../broker/ledger';
import type { AccountSnapshot, HeldPosition } from '../broker/limits';
import type { LiveBroker } from '../broker/live';
import type { LiveVenue } from '../broker/live/live-venue';
import type { PaperBroker } from '../broker/paper/paper-broker';
import type { UpstoxAccount } from '../broker/upstox-account';
import type { Db } from '../db/database';
import type { SettingsRepository } from '../db/settings-repository';
import { findInstrument } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import { sessionExpiry } from '../market/providers/upstox';
import type { StreamHub } from '../stream/stream-hub';
import { AlertStore } from './alert-store';
import { liveHaltAccount, paperHaltAccount } from './halt-accounts';
import { HaltStore } from './halt-store';
import { LossWindows } from './loss-windows';
import { MarketWatch } from './market-watch';
import { NotificationSettingsStore } from './notification-settings';
import { RiskLimitsService } from './risk-limits-service';
import { type MailTransport, SafetyMailer } from './safety-mailer';
import { SafetyService } from './safety-service';
import { TradingHalt } from './trading-halt';

export { SafetyService } from './safety-service';

export interface SafetyDependencies {
  db: Db;
  settings: SettingsRepository;
  logger: Logger;
  now: () => number;
  config: { traderEmail: string; smtpUrl?: string; smtpFrom: string };
  market: MarketDataService;
  stream: StreamHub;
  ledger: Ledger;
  trading: Pick<AccountService, 'summary' | 'capitalPaise'>;
  paperBroker: PaperBroker;
  liveBroker: LiveBroker;
  liveVenue: LiveVenue;
  upstoxAccount: UpstoxAccount;
  mode: () => TradingMode;
  stopLoops(): void;
  resumeLoops(): void;
  /** Tests pass a fake; default: SMTP_URL's transport, or the log. */
  mailTransport?: MailTransport;
}

/** Builds the safety engine and puts its order gate in front of the paper and live brokers. */
export function createSafety(deps: SafetyDependencies): SafetyService {
  const { db, ledger, trading, liveVenue } = deps;
  const marks = (symbol: string) => deps.market.lastPrice(symbol);
  const snapshot = (account: AccountId): AccountSnapshot | null => {
    if (account === 'live') {
      if (!liveVenue.snapshot()) return null;
      return {
        cashPaise: liveVenue.cashPaise(),
        equityPaise: liveVenue.equityPaise(),
        dayPnlPaise: liveVenue.dayPnlPaise(),
        positions: new Map(
          liveVenue
            .positions()
            .map((p) => [
              p.symbol,
              { quantity: p.quantity, marketValuePaise: p.quantity * (marks(p.symbol) ?? 0) },
            ]),
        ),
      };
    }
    trading.summary('paper'); // records the day's opening equity before the first read
    const paper = ledger.tradingSnapshot('paper', marks);
    const positions = new Map<string, HeldPosition>();
    for (const p of paper.positions)
      positions.set(p.symbol, {
        quantity: p.quantity,
        marketValuePaise: p.quantity * (marks(p.symbol) ?? 0),
      });
    return {
      cashPaise: paper.cashPaise,
      equityPaise: paper.equityPaise,
      dayPnlPaise: paper.dayPnlPaise,
      positions,
    };
  };
  const limits = new RiskLimitsService({
    settings: deps.settings,
    lossWindows: new LossWindows(db, deps.now),
    capitalPaise: (account) =>
      account === 'live' ? liveVenue.equityPaise() - liveVenue.dayPnlPaise() : trading.capitalPaise('paper'),
    sectorOf: (symbol) => findInstrument(symbol)?.sector,
  });
  const paperAccount = paperHaltAccount(db, ledger, deps.paperBroker);
  // Pending live orders are cancelled in every mode; live positions are sold only in live mode.
  const liveAccount = liveHaltAccount(deps.liveBroker, liveVenue, deps.logger, () => deps.mode() === 'live');
  let service: SafetyService | null = null;
  const halt = new TradingHalt({
    store: new HaltStore(db),
    now: deps.now,
    stopLoops: deps.stopLoops,
    resumeLoops: deps.resumeLoops,
    accounts: () => [paperAccount, liveAccount],
    onChange: (state) => service?.onHaltChange(state),
  });
  service = new SafetyService({
    halt,
    limits,
    alerts: new AlertStore(db, deps.now),
    notifications: new NotificationSettingsStore(deps.settings, deps.config.traderEmail),
    mailer: deps.mailTransport
      ? new SafetyMailer(deps.mailTransport, deps.config.smtpFrom, deps.logger)
      : SafetyMailer.fromConfig(deps.config, deps.logger),
    watch: new MarketWatch(deps.market),
    market: deps.market,
    logger: deps.logger,
    now: deps.now,
    mode: deps.mode,
    snapshot,
    tokenExpiry: () => {
      const session = deps.upstoxAccount.session();
      return session ? sessionExpiry(session) : null;
    },
    publish: (message) => deps.stream.publish('safety', message),
  });
  deps.paperBroker.useGate(service);
  deps.liveBroker.useGate(service);
  liveVenue.useGate(service);
  return service;
}
