import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import type { OrdersRepository } from '../../core/ports/repositories/orders';
import { runToEnd } from '../../core/time-slices';
import { type LoadedLedger, type LoaderReads, loadSteps } from './analytics-loader';
import { answerKey } from './answer-key';
import { performanceAnalytics, performanceReturns } from './performance-report';
import type {
  AnswerRequest,
  BuildRequest,
  ClosesBySymbol,
  RebuildRequest,
  WorkerBuilt,
} from './rebuild-protocol';

/** What the worker reads through its own read-only connection, and the calendar it marks sessions by. */
export interface HostReads {
  ledger: Pick<
    LedgerReadRepository,
    'newest' | 'baselineBetween' | 'amountBetween' | 'depositsBetween' | 'fillsBetween'
  >;
  orders: Pick<OrdersRepository, 'hasReplayedOrders'>;
  isTradingDay(date: string): boolean;
}

const MAX_CACHED_ANSWERS = 64;

/**
 * The rebuild worker's side: the same loader and report as the main thread's sliced path, run at
 * once (its own thread: nothing here holds the server's event loop). It keeps the last history, so
 * the next ledger change reads only the rows added since, as the main thread's build does.
 */
export class RebuildHost {
  private loaded: LoadedLedger | null = null;
  private closes: ClosesBySymbol = new Map();

  constructor(private readonly reads: HostReads) {}

  handle(request: RebuildRequest): WorkerBuilt | string {
    return request.type === 'build' ? this.build(request) : this.answer(request);
  }

  private build({ target, nowMs, closes }: BuildRequest): WorkerBuilt {
    if (closes) this.closes = closes;
    const { ledger, orders } = this.reads;
    // Never past the rows this connection sees: the main thread then asks again, never a short figure.
    const visible = ledger.newest();
    const newest = {
      entryId: Math.min(target.newest.entryId, visible.entryId),
      fillRowid: Math.min(target.newest.fillRowid, visible.fillRowid),
    };
    const reader: LoaderReads = {
      baselineBetween: (account, after, upTo) => ledger.baselineBetween(account, after, upTo),
      amountBetween: (account, after, upTo) => ledger.amountBetween(account, after, upTo),
      flowsBetween: (account, after, upTo) => ledger.depositsBetween(account, after, upTo),
      fillsBetween: (account, after, upTo, since) => ledger.fillsBetween(account, after, upTo, since),
      hasReplayedOrders: (account) => orders.hasReplayedOrders(account),
      nowMs: () => nowMs,
      isSession: (date) => {
        try {
          return this.reads.isTradingDay(date);
        } catch {
          return false;
        }
      },
      // As the main thread's reader: the simulator's closes only while its feed is the active one.
      closes: (symbol) => (target.simulatedFeed ? this.closes.get(symbol) : undefined),
    };
    const loaded = runToEnd(loadSteps(reader, this.loaded, { ...target, newest }));
    this.loaded = loaded;
    const { account, position, date, simulatedFeed, replayed } = loaded;
    const openLotSymbols = [...new Set(loaded.history.openLots.map((lot) => lot.symbol))];
    return { account, position, date, simulatedFeed, replayed, openLotSymbols };
  }

  private answer(request: AnswerRequest): string {
    const loaded = this.loaded;
    if (!loaded) throw new Error('No history has been built to answer from.');
    const { kind, query, prices, today, source, riskFreeRatePercent } = request;
    const options = { riskFreeRatePercent, livePrice: (symbol: string) => prices.get(symbol), today, source };
    const key = answerKey(kind, query, loaded.history, options);
    const cached = loaded.answers.get(key);
    if (cached !== undefined) return cached;
    const data =
      kind === 'analytics'
        ? performanceAnalytics(loaded.history, query, options)
        : performanceReturns(loaded.history, query, options);
    const text = JSON.stringify({ success: true, data });
    if (loaded.answers.size >= MAX_CACHED_ANSWERS) loaded.answers.clear();
    loaded.answers.set(key, text);
    return text;
  }
}
