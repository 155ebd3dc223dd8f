import type { Trade, TradesExportQuery, TradesPage, TradesQuery } from '@td/contracts';
import { HttpError } from '../../core/errors';
import type { OrderAuditReader } from '../../core/ports/order-audit';
import type { Steps } from '../../core/time-slices';
import type { AccountService } from './account-service';
import type { Ledger } from './ledger';
import { allTradeSteps, type TradeHistorySource, tradesForExport, tradesPage } from './trade-history';

/** The trade history screen's pages and its CSV export, over the account in use. */
export class TradeExport {
  constructor(
    private readonly ledger: Ledger,
    private readonly accounts: Pick<AccountService, 'account' | 'positions' | 'markPrice'>,
    private readonly now: () => number = Date.now,
    /** The audit trail's origins (trade-history.ts); without it each order's strategy names its origin. */
    private readonly origins?: Pick<OrderAuditReader, 'origins'>,
  ) {}

  /** spec part 2 §2.4: one page of the trade history, summarised over every matching trade. */
  trades(query: TradesQuery): TradesPage {
    return tradesPage(this.tradeHistorySource(), query);
  }

  /** Every trade matching the history's filters, for the CSV export. */
  tradesForExport(query: TradesExportQuery): Trade[] {
    return tradesForExport(this.tradeHistorySource(), query);
  }

  /** Every trade of the account in use, oldest first, as steps to run sliced (trade-history.ts); pages to `visit` when given. */
  allTradeSteps(visit?: (page: readonly Trade[]) => void): Steps<Trade[]> {
    return allTradeSteps(this.tradeHistorySource(), undefined, visit);
  }

  private tradeHistorySource(): TradeHistorySource {
    const account = this.accounts.account();
    return {
      ledger: this.ledger,
      account,
      now: this.now(),
      mark: (symbol) => this.accounts.markPrice(symbol),
      ...(this.origins ? { origins: (ids: readonly string[]) => this.origins!.origins(ids) } : {}),
      openPositions: () => {
        try {
          return this.accounts.positions(account).length;
        } catch (error) {
          if (error instanceof HttpError) return null; // live account not synced yet
          throw error;
        }
      },
    };
  }
}
