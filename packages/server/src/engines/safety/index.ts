import type { NotificationSettings, RiskLimitsUpdate, TradingMode } from '@td/contracts';
import type { Logger } from 'pino';
import type { AccountId } from '../../core/orders';
import type { AlertsRepository } from '../../core/ports/repositories/alerts';
import type { HaltRecord, HaltsRepository } from '../../core/ports/repositories/halts';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import type { SettingsRepository } from '../../core/ports/repositories/settings';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import type { AccountService } from '../broker/account-service';
import type { Ledger } from '../broker/ledger';
import type { AccountSnapshot, HeldPosition } from '../broker/limits';
import type { LiveBroker } from '../broker/live';
import type { LiveVenue } from '../broker/live/live-venue';
import type { PaperBroker } from '../broker/paper/paper-broker';
import type { UpstoxAccount } from '../broker/upstox-account';
import { findInstrument } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import { sessionExpiry } from '../market/providers/upstox';
import type { StreamHub } from '../stream/stream-hub';
import { AlertStore } from './alert-store';
import { liveHaltAccount, paperHaltAccount } from './halt-accounts';
import { LossWindows } from './loss-windows';
import { MarketWatch } from './market-watch';
import { NotificationSettingsStore } from './notification-settings';
import { RiskLimitsService } from './risk-limits-service';
import { type MailTransport, SafetyMailer } from './safety-mailer';
import { SafetyService } from './safety-service';
import { TradingHalt } from './trading-halt';

export { SafetyService } from './safety-service';

/** The trader's settings the safety engine keeps: what the risk and settings screens read and save. */
export interface SafetySettings {
  /** The saved risk limits themselves (the report with usage is `SafetyService.riskLimits`). */
  riskLimitSettings(): RiskLimitsUpdate;
  saveRiskLimits(update: RiskLimitsUpdate): RiskLimitsUpdate;
  notifications(): NotificationSettings;
  saveNotifications(settings: NotificationSettings): NotificationSettings;
}

/** Safety's settings as a narrow surface, so no caller outside safety reaches into its parts. */
export function safetySettings(safety: SafetyService): SafetySettings {
  const { limits, notifications } = safety.parts;
  return {
    riskLimitSettings: () => limits.limits(),
    saveRiskLimits: (update) => limits.save(update),
    notifications: () => notifications.get(),
    saveNotifications: (settings) => notifications.save(settings),
  };
}

/** What safety may do to the automated loops; the mode controller implements it. */
export interface LoopControl {
  stopLoops(): void;
  resumeLoops(): void;
}

export interface SafetyDependencies {
  /** The ledger's reads for the loss windows (day, week, month, drawdown). */
  ledgerReads: LedgerReadRepository;
  settings: SettingsRepository;
  alerts: AlertsRepository;
  halts: HaltsRepository;
  /** The ledger's unit: an Emergency Stop's writes (halt, cancellations, sales, alert) commit as one. */
  unitOfWork: UnitOfWork;
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
  /** The mode controller: a halt stops both loops, a resume lets them run as the mode says. */
  loops: LoopControl;
  /** Told of every halt change made here (not of adopted ones): the runtime tells the other instances. */
  onHaltChanged?: (record: HaltRecord) => void;
  /** Tests pass a fake; default: SMTP_URL's transport, or the log. */
  mailTransport?: MailTransport;
}

/** Builds the safety engine and puts its order gate in front of the paper and live brokers. */
export function createSafety(deps: SafetyDependencies): SafetyService {
  const { ledger, trading, liveVenue } = deps;
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
    lossWindows: new LossWindows(deps.ledgerReads, deps.now),
    capitalPaise: (account) =>
      account === 'live' ? liveVenue.equityPaise() - liveVenue.dayPnlPaise() : trading.capitalPaise('paper'),
    sectorOf: (symbol) => findInstrument(symbol)?.sector,
  });
  const paperAccount = paperHaltAccount(ledger, deps.paperBroker);
  // Pending live orders are cancelled in every mode; live positions are sold only in live mode.
  const liveAccount = liveHaltAccount(deps.liveBroker, liveVenue, deps.logger, () => deps.mode() === 'live');
  let service: SafetyService | null = null;
  const halt = new TradingHalt({
    store: deps.halts,
    now: deps.now,
    stopLoops: () => deps.loops.stopLoops(),
    resumeLoops: () => deps.loops.resumeLoops(),
    accounts: () => [paperAccount, liveAccount],
    unitOfWork: deps.unitOfWork,
    onCountsLost: (error) =>
      deps.logger.error(
        { err: error },
        'the halt stands, but its Upstox cancels and sales could not be counted',
      ),
    onChange: (state, record) => {
      const announce = service?.onHaltChange(state);
      return () => {
        announce?.();
        deps.onHaltChanged?.(record);
      };
    },
  });
  service = new SafetyService({
    halt,
    limits,
    alerts: new AlertStore(deps.alerts, deps.now),
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
