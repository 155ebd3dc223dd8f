import type {
  ActivityItem,
  Holding,
  PortfolioOverview,
  QuickStats,
  Trade,
  TradesExportQuery,
  TradesPage,
  TradesQuery,
  TradingMode,
} from '@td/contracts';
import { accountForMode } from '../core/mode';
import type { Db } from '../db/database';
import { HttpError } from '../http/http-error';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import {
  type AccountId,
  DEFAULT_PAPER_LIMITS,
  type Order,
  type OrderRequest,
  PAPER_STARTING_BALANCE_PAISE,
  type PaperLimits,
  type Position,
} from './broker-types';
import { type Ledger, summarisePortfolio, type TradeStats } from './ledger';
import { limitsStatus } from './limits';
import { type LiveOrderStore, liveOrderStore } from './live';
import { OrderDesk } from './paper/order-desk';
import type { PaperBroker } from './paper/paper-broker';
import { type TradeHistorySource, tradesForExport, tradesPage } from './trade-history';

const rupees = (paise: number) => Math.round(paise) / 100;
const pct = (value: number) => Math.round(value * 100) / 100;

/** Figures for the portfolio, trade and paper screens, computed from the ledger and the feed's prices. */
/** The broker account as last synced from Upstox (the live venue's snapshot). */
export interface LiveAccountView {
  snapshot(): unknown | null;
  lastError(): string | null;
  positions(): Position[];
  cashPaise(): number;
  /** Today's recorded opening equity, paise, once the day's first reading recorded it. */
  dayOpeningPaise?(): number | undefined;
  /** Where the live broker records its orders. */
  keepOrdersIn?(store: LiveOrderStore): void;
}

export class TradingService {
  private readonly desk: OrderDesk;
  private live: LiveAccountView | null = null;

  /**
   * Live mode reads the broker's account, not the ledger's. The broker's orders are recorded in the
   * ledger under the 'live' account (orders only: Upstox's account is the truth for cash and positions).
   */
  attachLive(view: LiveAccountView): void {
    this.live = view;
    view.keepOrdersIn?.(liveOrderStore(this.ledger));
  }

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly paper: PaperBroker,
    private readonly market: MarketDataService,
    private readonly mode: () => TradingMode,
    private readonly now: () => number = Date.now,
  ) {
    ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    this.desk = new OrderDesk(db, (request) => this.paper.decideInsideSavepoint(request));
  }

  /** Mock and paper modes trade the paper account; live mode the broker account. */
  account(): AccountId {
    return accountForMode(this.mode());
  }

  positions(account = this.account()): Position[] {
    if (account === 'live') return this.liveView().positions();
    return this.ledger.positions(account);
  }

  private liveView(): LiveAccountView {
    if (!this.live?.snapshot()) {
      const reason = this.live?.lastError() ?? 'waiting for the first sync with Upstox';
      throw new HttpError(503, `The live portfolio is not available yet: ${reason}.`, 'live_not_synced');
    }
    return this.live;
  }

  private liveSummary() {
    const view = this.liveView();
    const positions = view.positions();
    return summarisePortfolio({
      cashPaise: view.cashPaise(),
      positions,
      realisedPnlPaise: positions.reduce((sum, position) => sum + position.realisedPnlPaise, 0),
      openingEquityPaise: view.dayOpeningPaise?.(),
      marks: this.marks,
      previousCloses: this.previousCloses,
    });
  }

  markPrice(symbol: string): number | undefined {
    return this.marks(symbol);
  }

  private marks = (symbol: string) => this.market.lastPrice(symbol);
  private previousCloses = (symbol: string) => this.market.previousClose(symbol);

  private readonly openingRecorded = new Map<AccountId, string>();
  private dayOpenHeld = false;

  /**
   * Records no opening equity until `work` settles: the history replay books past sessions into the
   * ledger, and an opening taken halfway through it would count the replayed losses as today's.
   */
  holdDayOpenUntil(work: Promise<unknown>): void {
    this.dayOpenHeld = true;
    void work.finally(() => {
      this.dayOpenHeld = false;
    });
  }

  /** The day's opening equity: holdings at yesterday's close plus cash, recorded once per IST day. */
  private ensureOpeningEquity(account: AccountId): void {
    const date = istDateOf(this.now());
    if (this.dayOpenHeld || this.openingRecorded.get(account) === date || !this.ledger.isOpen(account))
      return;
    if (this.ledger.openingEquity(account, date) === undefined) {
      this.ledger.recordOpeningEquity(account, date, this.ledger.equityPaise(account, this.previousCloses));
    }
    this.openingRecorded.set(account, date);
  }

  summary(account = this.account()) {
    if (account === 'live') return this.liveSummary();
    this.ensureOpeningEquity(account);
    return this.ledger.portfolioSummary(account, this.marks, this.previousCloses);
  }

  /**
   * What the trader has put in since the account was opened or last reset: that balance plus every
   * balance edit after it. Returns are equity less this, so charges count against them.
   */
  capitalPaise(account = this.account()): number {
    const row = this.db
      .prepare(
        `WITH last AS (SELECT MAX(id) AS id FROM ledger_entries WHERE account = ? AND kind IN ('opening_balance', 'reset'))
         SELECT COALESCE((SELECT SUM(amount_paise) FROM ledger_entries WHERE account = ? AND id <= (SELECT id FROM last)), 0)
              + COALESCE((SELECT SUM(amount_paise) FROM ledger_entries WHERE account = ? AND kind = 'balance_adjustment' AND id > (SELECT id FROM last)), 0) AS capital`,
      )
      .get(account, account, account) as { capital: number };
    return row.capital;
  }

  overview(): PortfolioOverview {
    const s = this.summary();
    const capital = this.capitalPaise();
    const totalReturns = s.equityPaise - capital;
    return {
      portfolio_value: rupees(s.equityPaise),
      total_value: rupees(s.equityPaise),
      day_change: rupees(s.dayChangePaise ?? 0),
      day_change_percent: pct(s.dayChangePercent ?? 0),
      active_positions: s.activePositions,
      total_returns: rupees(totalReturns),
      total_returns_percent: capital > 0 ? pct((totalReturns / capital) * 100) : 0,
      available_balance: rupees(s.cashPaise),
      invested_amount: rupees(s.investedPaise),
    };
  }

  holdings(): Holding[] {
    return this.positions().map((position) => {
      const price = this.marks(position.symbol) ?? Math.round(position.costPaise / position.quantity);
      const previous = this.previousCloses(position.symbol) ?? price;
      const value = position.quantity * price;
      return {
        symbol: position.symbol,
        quantity: position.quantity,
        avg_price: rupees(position.costPaise / position.quantity),
        current_price: rupees(price),
        market_value: rupees(value),
        total_returns: rupees(value - position.costPaise),
        total_returns_percent: pct(((value - position.costPaise) / position.costPaise) * 100),
        day_change: rupees(position.quantity * (price - previous)),
      };
    });
  }

  activity(limit = 20): ActivityItem[] {
    return this.ledger.recentActivity(this.account(), limit).map((item) => ({
      id: item.id,
      action: item.side === 'BUY' ? 'Bought' : 'Sold',
      symbol: item.symbol,
      quantity: item.quantity,
      price: rupees(item.price),
      value: rupees(item.value),
      time_ago: timeAgo(this.now() - item.timestamp),
      timestamp: new Date(item.timestamp).toISOString(),
      strategy: this.ledger.order(item.id)?.strategy ?? 'manual',
    }));
  }

  quickStats(): QuickStats {
    const s = this.summary();
    const stats = this.closedTradeStats();
    const feed = this.market.activeProvider.health();
    return {
      active_positions: s.activePositions,
      win_rate: stats.winRate === null ? 0 : pct(stats.winRate * 100),
      closed_trades: stats.trades,
      monthly_return: pct(this.monthlyReturnPercent(s.equityPaise)),
      connection_status: feed.connected ? 'connected' : 'disconnected',
      data_source: feed.source === 'simulator' ? 'Simulated' : feed.connected ? 'Live' : 'Offline',
    };
  }

  /** The closed trades of the account in use, as Quick Stats and the ML card count them. */
  closedTradeStats(): TradeStats {
    return this.ledger.tradeStats(this.account());
  }

  /**
   * Trading return over the last 30 days: equity against the opening recorded 30 days ago, less the
   * money put in or taken out since (a withdrawal is not a loss). An account with no opening that old
   * is younger than the window: its return since the money was put in.
   */
  private monthlyReturnPercent(equityPaise: number, account = this.account()): number {
    const windowStart = startOfIstDay(this.now() - 30 * 86_400_000);
    const opening = this.ledger.openingEquity(account, istDateOf(windowStart));
    if (opening === undefined || opening <= 0) {
      const capital = this.capitalPaise(account);
      return capital > 0 ? ((equityPaise - capital) / capital) * 100 : 0;
    }
    const { flows } = this.db
      .prepare(
        `SELECT COALESCE(SUM(amount_paise), 0) AS flows FROM ledger_entries
         WHERE account = ? AND kind IN ('balance_adjustment', 'reset') AND ts >= ?`,
      )
      .get(account, windowStart) as { flows: number };
    return ((equityPaise - opening - flows) / opening) * 100;
  }

  /** spec part 2 §2.4: one page of the trade history, summarised over every matching trade. */
  trades(query: TradesQuery): TradesPage {
    return tradesPage(this.tradeHistorySource(), query);
  }

  /** Every trade matching the history's filters, for the CSV export. */
  tradesForExport(query: TradesExportQuery): Trade[] {
    return tradesForExport(this.tradeHistorySource(), query);
  }

  private tradeHistorySource(): TradeHistorySource {
    const account = this.account();
    return {
      ledger: this.ledger,
      account,
      now: this.now(),
      mark: this.marks,
      openPositions: () => {
        try {
          return this.positions(account).length;
        } catch (error) {
          if (error instanceof HttpError) return null; // live account not synced yet
          throw error;
        }
      },
    };
  }

  /** Resolves once every order the API submitted so far is settled: a restart waits for it (ops/restart). */
  ordersSettled(): Promise<void> {
    return this.desk.idle();
  }

  /** Lets go of the files the order desk holds; called as the database closes. */
  close(): void {
    this.desk.close();
  }

  /** Orders from the API: group-committed with whatever else arrives in the same moment. */
  placeOrderDurably(request: OrderRequest): Promise<Order> {
    if (request.account !== 'paper')
      return Promise.reject(new Error('Live orders go through the live broker'));
    this.ensureOpeningEquity('paper'); // recorded before the day's first trade changes it
    return this.desk.submit(request);
  }

  placeOrder(request: OrderRequest): Order {
    if (request.account !== 'paper') throw new Error('Live orders go through the live broker');
    this.ensureOpeningEquity('paper');
    return this.paper.submit(request);
  }

  limits(): PaperLimits {
    return this.ledger.limits('paper') ?? DEFAULT_PAPER_LIMITS;
  }

  paperOverview() {
    const s = this.summary('paper');
    const limits = this.limits();
    const today = this.ledger.orders({
      account: 'paper',
      from: startOfIstDay(this.now()),
      limit: 1_000_000,
      offset: 0,
    });
    const status = limitsStatus(
      {
        cashPaise: s.cashPaise,
        equityPaise: s.equityPaise,
        positions: new Map(
          this.ledger
            .positions('paper')
            .map((p) => [
              p.symbol,
              { quantity: p.quantity, marketValuePaise: p.quantity * (this.marks(p.symbol) ?? 0) },
            ]),
        ),
        dayPnlPaise: s.dayChangePaise ?? 0,
      },
      limits,
    );
    return {
      available_balance: rupees(s.cashPaise),
      portfolio_value: rupees(s.equityPaise),
      total_returns: rupees(s.equityPaise - this.capitalPaise('paper')),
      total_returns_percent: pct(
        ((s.equityPaise - this.capitalPaise('paper')) / this.capitalPaise('paper')) * 100,
      ),
      active_positions: s.activePositions,
      trades_today: today.total,
      day_change: rupees(s.dayChangePaise ?? 0),
      limits_status: status,
      limits,
    };
  }
}

function startOfIstDay(ts: number): number {
  const offset = 5.5 * 3_600_000;
  return Math.floor((ts + offset) / 86_400_000) * 86_400_000 - offset;
}

function timeAgo(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
