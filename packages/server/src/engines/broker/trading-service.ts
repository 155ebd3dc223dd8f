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
import type { AccountId, Order, OrderRequest, PaperLimits, Position } from '../../core/orders';
import type { GroupCommitStorage } from '../../core/ports/group-commit';
import type { OrderAuditReader } from '../../core/ports/order-audit';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import type { Steps } from '../../core/time-slices';
import type { MarketDataService } from '../market/market-data-service';
import { AccountService, type LiveAccountView } from './account-service';
import type { Placement } from './idempotent-placement';
import type { Ledger, TradeStats } from './ledger';
import { OrderService } from './order-service';
import type { PaperBroker } from './paper/paper-broker';
import { PortfolioReport } from './portfolio-report';
import { TradeExport } from './trade-export';

export type { LiveAccountView } from './account-service';

/**
 * The broker's four pieces built over one ledger, for the runtime's wiring: engines take the one
 * piece they read (`accounts`, `orders`, `portfolio`, `exports`) or a narrow pick of it.
 */
export class TradingService {
  readonly accounts: AccountService;
  readonly orders: OrderService;
  readonly portfolio: PortfolioReport;
  readonly exports: TradeExport;

  constructor(
    storage: {
      groupCommit: GroupCommitStorage;
      ledgerReads: LedgerReadRepository;
      /** Where the trades screen reads each order's origin. */
      orderOrigins?: Pick<OrderAuditReader, 'origins'>;
    },
    ledger: Ledger,
    paper: PaperBroker,
    market: MarketDataService,
    mode: () => TradingMode,
    now: () => number = Date.now,
  ) {
    this.accounts = new AccountService(storage.ledgerReads, ledger, market, mode, now);
    this.orders = new OrderService(storage.groupCommit, ledger, paper, this.accounts);
    this.portfolio = new PortfolioReport(
      storage.ledgerReads,
      ledger,
      this.accounts,
      market,
      () => this.orders.limits(),
      now,
    );
    this.exports = new TradeExport(ledger, this.accounts, now, storage.orderOrigins);
  }

  // The runtime's calls, each forwarded to the piece that owns it.
  attachLive(view: LiveAccountView): void {
    this.accounts.attachLive(view);
  }
  account(): AccountId {
    return this.accounts.account();
  }
  positions(account?: AccountId): Position[] {
    return this.accounts.positions(account);
  }
  summary(account?: AccountId) {
    return this.accounts.summary(account);
  }
  capitalPaise(account?: AccountId): number {
    return this.accounts.capitalPaise(account);
  }
  markPrice(symbol: string): number | undefined {
    return this.accounts.markPrice(symbol);
  }
  holdDayOpenUntil(work: Promise<unknown>): void {
    this.accounts.holdDayOpenUntil(work);
  }
  placeOrder(request: OrderRequest): Order {
    return this.orders.placeOrder(request);
  }
  placeOrderDurably(request: OrderRequest): Promise<Order> {
    return this.orders.placeOrderDurably(request);
  }
  placeOrderOnce(request: OrderRequest): Promise<Placement> {
    return this.orders.placeOrderOnce(request);
  }
  ordersSettled(): Promise<void> {
    return this.orders.ordersSettled();
  }
  limits(): PaperLimits {
    return this.orders.limits();
  }
  close(): void {
    this.orders.close();
  }
  overview(): PortfolioOverview {
    return this.portfolio.overview();
  }
  holdings(): Holding[] {
    return this.portfolio.holdings();
  }
  activity(limit?: number): ActivityItem[] {
    return this.portfolio.activity(limit);
  }
  quickStats(): QuickStats {
    return this.portfolio.quickStats();
  }
  closedTradeStats(): TradeStats {
    return this.portfolio.closedTradeStats();
  }
  paperOverview() {
    return this.portfolio.paperOverview();
  }
  trades(query: TradesQuery): TradesPage {
    return this.exports.trades(query);
  }
  tradesForExport(query: TradesExportQuery): Trade[] {
    return this.exports.tradesForExport(query);
  }

  allTradeSteps(visit?: (page: readonly Trade[]) => void): Steps<Trade[]> {
    return this.exports.allTradeSteps(visit);
  }
}
