import type { ActivityItem, Holding, PortfolioOverview, QuickStats } from '@td/contracts';
import type { AccountId, PaperLimits } from '../../core/orders';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import type { AccountService } from './account-service';
import type { Ledger, TradeStats } from './ledger';
import { limitsStatus } from './limits';

const rupees = (paise: number) => Math.round(paise) / 100;
const pct = (value: number) => Math.round(value * 100) / 100;

/** What the report reads of the account in use. */
export type ReportedAccount = Pick<
  AccountService,
  'account' | 'positions' | 'summary' | 'capitalPaise' | 'markPrice'
>;

/** The portfolio screen's overview, holdings and activity, Quick Stats, and the paper account's figures. */
export class PortfolioReport {
  constructor(
    private readonly ledgerReads: Pick<LedgerReadRepository, 'moneyMovedSince'>,
    private readonly ledger: Ledger,
    private readonly accounts: ReportedAccount,
    private readonly market: Pick<MarketDataService, 'previousClose' | 'activeProvider'>,
    private readonly paperLimits: () => PaperLimits,
    private readonly now: () => number = Date.now,
  ) {}

  overview(): PortfolioOverview {
    const s = this.accounts.summary();
    const capital = this.accounts.capitalPaise();
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
    return this.accounts.positions().map((position) => {
      const price =
        this.accounts.markPrice(position.symbol) ?? Math.round(position.costPaise / position.quantity);
      const previous = this.market.previousClose(position.symbol) ?? price;
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
    return this.ledger.recentActivity(this.accounts.account(), limit).map((item) => ({
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
    const s = this.accounts.summary();
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
    return this.ledger.tradeStats(this.accounts.account());
  }

  /**
   * Trading return over the last 30 days: equity against the opening recorded 30 days ago, less the
   * money put in or taken out since (a withdrawal is not a loss). An account with no opening that old
   * is younger than the window: its return since the money was put in.
   */
  private monthlyReturnPercent(equityPaise: number, account: AccountId = this.accounts.account()): number {
    const windowStart = startOfIstDay(this.now() - 30 * 86_400_000);
    const opening = this.ledger.openingEquity(account, istDateOf(windowStart));
    if (opening === undefined || opening <= 0) {
      const capital = this.accounts.capitalPaise(account);
      return capital > 0 ? ((equityPaise - capital) / capital) * 100 : 0;
    }
    const flows = this.ledgerReads.moneyMovedSince(account, windowStart);
    return ((equityPaise - opening - flows) / opening) * 100;
  }

  paperOverview() {
    const s = this.accounts.summary('paper');
    const limits = this.paperLimits();
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
          this.ledger.positions('paper').map((p) => [
            p.symbol,
            {
              quantity: p.quantity,
              marketValuePaise: p.quantity * (this.accounts.markPrice(p.symbol) ?? 0),
            },
          ]),
        ),
        dayPnlPaise: s.dayChangePaise ?? 0,
      },
      limits,
    );
    return {
      available_balance: rupees(s.cashPaise),
      portfolio_value: rupees(s.equityPaise),
      total_returns: rupees(s.equityPaise - this.accounts.capitalPaise('paper')),
      total_returns_percent: pct(
        ((s.equityPaise - this.accounts.capitalPaise('paper')) / this.accounts.capitalPaise('paper')) * 100,
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
