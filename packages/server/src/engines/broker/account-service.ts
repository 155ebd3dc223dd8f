import type { TradingMode } from '@td/contracts';
import { HttpError } from '../../core/errors';
import { accountForMode } from '../../core/mode';
import { type AccountId, PAPER_STARTING_BALANCE_PAISE, type Position } from '../../core/orders';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import { istDateOf } from '../market/calendar';
import type { MarketDataService } from '../market/market-data-service';
import { type Ledger, summarisePortfolio } from './ledger';
import { type LiveOrderStore, liveOrderStore } from './live';

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

/** What the market feed gives the account figures: the last and previous-close prices. */
export type AccountPrices = Pick<MarketDataService, 'lastPrice' | 'previousClose'>;

/**
 * The account the trading mode names, its positions and summary, the capital put in, and the day's
 * opening equity: paper figures from the ledger, live figures from the broker's synced snapshot.
 */
export class AccountService {
  private live: LiveAccountView | null = null;
  private readonly openingRecorded = new Map<AccountId, string>();
  private dayOpenHeld = false;

  constructor(
    private readonly ledgerReads: Pick<LedgerReadRepository, 'capitalPaise'>,
    private readonly ledger: Ledger,
    private readonly market: AccountPrices,
    private readonly mode: () => TradingMode,
    private readonly now: () => number = Date.now,
  ) {
    ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
  }

  /**
   * Live mode reads the broker's account, not the ledger's. The broker's orders are recorded in the
   * ledger under the 'live' account (orders only: Upstox's account is the truth for cash and positions).
   */
  attachLive(view: LiveAccountView): void {
    this.live = view;
    view.keepOrdersIn?.(liveOrderStore(this.ledger));
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
  ensureOpeningEquity(account: AccountId): void {
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
    return this.ledgerReads.capitalPaise(account);
  }
}
