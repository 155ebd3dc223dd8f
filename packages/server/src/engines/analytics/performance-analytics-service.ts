import type {
  AnalyticsSource,
  PerformanceAnalytics,
  PerformanceQuery,
  PerformanceReturns,
  TradingMode,
} from '@td/contracts';
import { accountForMode } from '../../core/mode';
import type { AccountId } from '../../core/orders';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import type { OrdersRepository } from '../../core/ports/repositories/orders';
import type { MarketDataService } from '../market/market-data-service';
import { AnalyticsReader, fillsSince, type LedgerPosition } from './analytics-reader';
import { buildLedgerHistory, type LedgerHistory, type LedgerHistoryInput } from './ledger-history';
import { performanceAnalytics, performanceReturns, type ReportOptions } from './performance-report';
import type { AnalyticsFill } from './round-trips';

export interface PerformanceAnalyticsDeps {
  ledgerReads: LedgerReadRepository;
  orders: OrdersRepository;
  market: MarketDataService;
  /** The trading mode names the account: mock and paper → paper, live → live. */
  mode(): TradingMode;
  riskFreeRatePercent: number;
  now?: () => number;
}

/** What the history was built from, kept so the next ledger change only reads the rows after it. */
interface LoadedLedger {
  account: AccountId;
  position: LedgerPosition;
  date: string;
  simulatedFeed: boolean;
  input: LedgerHistoryInput & { flows: LedgerHistoryInput['flows'][number][]; fills: AnalyticsFill[] };
  history: LedgerHistory;
  replayed: boolean;
  /** Serialised answers for this history, by request and live marks. */
  answers: Map<string, string>;
}

const MAX_CACHED_ANSWERS = 64;

/**
 * spec part 2 §3: performance figures of the account the trading mode names. The history is rebuilt
 * only when the ledger changes (reading just the rows added since, unless the account was reset) or
 * the IST date turns; a request then sums buckets, and a repeated one is answered from a cache keyed
 * by the request and the live prices of the open positions.
 */
export class PerformanceAnalyticsService {
  private readonly reader: AnalyticsReader;
  private loaded: LoadedLedger | null = null;

  constructor(private readonly deps: PerformanceAnalyticsDeps) {
    this.reader = new AnalyticsReader(deps.ledgerReads, deps.orders, deps.market, deps.now ?? Date.now);
  }

  analytics(query: PerformanceQuery): PerformanceAnalytics {
    const { history, options } = this.prepare();
    return performanceAnalytics(history, query, options);
  }

  returns(query: PerformanceQuery): PerformanceReturns {
    const { history, options } = this.prepare();
    return performanceReturns(history, query, options);
  }

  /** The `{ success, data }` reply as JSON text, from the cache when nothing it depends on moved. */
  reply(kind: 'analytics' | 'returns', query: PerformanceQuery): string {
    const { history, options, loaded } = this.prepare();
    const marks = history.openLots.map((lot) => options.livePrice(lot.symbol) ?? '').join(',');
    const key = `${kind}|${query.period}|${query.strategy ?? ''}|${query.symbol ?? ''}|${options.source.simulated}|${marks}`;
    const cached = loaded.answers.get(key);
    if (cached !== undefined) return cached;
    const data =
      kind === 'analytics'
        ? performanceAnalytics(history, query, options)
        : performanceReturns(history, query, options);
    const text = JSON.stringify({ success: true, data });
    if (loaded.answers.size >= MAX_CACHED_ANSWERS) loaded.answers.clear();
    loaded.answers.set(key, text);
    return text;
  }

  private prepare(): { history: LedgerHistory; options: ReportOptions; loaded: LoadedLedger } {
    const mode = this.deps.mode();
    const account: AccountId = accountForMode(mode);
    const loaded = this.load(account);
    const simulated = mode === 'mock' || loaded.simulatedFeed || loaded.replayed;
    return {
      history: loaded.history,
      loaded,
      options: {
        riskFreeRatePercent: this.deps.riskFreeRatePercent,
        livePrice: this.reader.livePrice,
        today: this.reader.today(),
        source: sourceOf(account, mode, simulated),
      },
    };
  }

  private load(account: AccountId): LoadedLedger {
    const newest = this.reader.newest();
    const date = this.reader.today();
    const simulatedFeed = this.reader.simulatedFeed();
    const last = this.loaded;
    const same = last !== null && last.account === account && last.simulatedFeed === simulatedFeed;
    if (
      same &&
      last.date === date &&
      last.position.entryId === newest.entryId &&
      last.position.fillRowid === newest.fillRowid
    ) {
      return last;
    }
    if (same) {
      // Only a reset (or a first opening) among the new entries moves where the figures start.
      const reset = this.reader.baselineBetween(account, last.position.entryId, newest.entryId);
      if (!reset && last.position.baseline) {
        this.loaded = this.append(last, { ...newest, baseline: last.position.baseline }, date);
        return this.loaded;
      }
    }
    const baseline = this.reader.baselineBetween(account, 0, newest.entryId) ?? null;
    this.loaded = this.readAll(account, { ...newest, baseline }, date, simulatedFeed);
    return this.loaded;
  }

  private readAll(
    account: AccountId,
    position: LedgerPosition,
    date: string,
    simulatedFeed: boolean,
  ): LoadedLedger {
    const { baseline } = position;
    const input = {
      baseline: baseline
        ? { ts: baseline.ts, capitalPaise: this.reader.capitalAt(account, baseline.id) }
        : null,
      flows: baseline ? this.reader.flowsBetween(account, baseline.id, position.entryId) : [],
      fills: baseline ? this.reader.fillsBetween(account, 0, position.fillRowid, fillsSince(baseline)) : [],
      now: this.reader.nowMs(),
      isSession: this.reader.isSession,
      closes: this.reader.closes,
    };
    return {
      account,
      position,
      date,
      simulatedFeed,
      input,
      history: buildLedgerHistory(input),
      replayed: this.reader.hasReplayedOrders(account),
      answers: new Map(),
    };
  }

  /** Adds only the rows written since the last build (the account was not reset in between). */
  private append(last: LoadedLedger, position: LedgerPosition, date: string): LoadedLedger {
    const { input } = last;
    const since = position.baseline ? fillsSince(position.baseline) : 0;
    const flows = this.reader.flowsBetween(last.account, last.position.entryId, position.entryId);
    const fills = this.reader.fillsBetween(last.account, last.position.fillRowid, position.fillRowid, since);
    input.flows.push(...flows);
    const lastTs = input.fills.at(-1)?.ts ?? Number.NEGATIVE_INFINITY;
    input.fills.push(...fills);
    // A fill stamped before the newest one read (clocks, imports) keeps the time order by a sort.
    if (fills.length > 0 && fills[0]!.ts < lastTs) input.fills.sort((a, b) => a.ts - b.ts);
    input.now = this.reader.nowMs();
    return { ...last, position, date, history: buildLedgerHistory(input), answers: new Map() };
  }
}

function sourceOf(account: AccountId, mode: TradingMode, simulated: boolean): AnalyticsSource {
  const accountName = account === 'live' ? 'Live (Upstox) account' : 'Paper account';
  return {
    account,
    trading_mode: mode,
    simulated,
    description: `${accountName}, ${simulated ? 'simulated' : 'real'} prices`,
  };
}

/** The engine over a running server's services. */
export function createPerformanceAnalytics(
  services: {
    ledgerReads: LedgerReadRepository;
    orders: OrdersRepository;
    market: MarketDataService;
    tradingMode: { current(): TradingMode };
    config: { riskFreeRatePercent: number };
  },
  now?: () => number,
): PerformanceAnalyticsService {
  return new PerformanceAnalyticsService({
    ledgerReads: services.ledgerReads,
    orders: services.orders,
    market: services.market,
    mode: () => services.tradingMode.current(),
    riskFreeRatePercent: services.config.riskFreeRatePercent,
    now,
  });
}
