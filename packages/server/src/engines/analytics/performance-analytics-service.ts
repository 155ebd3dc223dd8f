import type { Worker } from 'node:worker_threads';
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
import { runSliced, runToEnd, WorkStoppedError } from '../../core/time-slices';
import type { MarketDataService } from '../market/market-data-service';
import { covers, type LoadedLedger, loadSteps, targetOf } from './analytics-loader';
import { AnalyticsReader } from './analytics-reader';
import { answerKey } from './answer-key';
import type { LedgerHistory } from './ledger-history';
import { performanceAnalytics, performanceReturns, type ReportOptions } from './performance-report';
import { RebuildWorker, RebuildWorkerFailedError } from './rebuild-worker';
import { WorkerReplies } from './worker-replies';

export interface PerformanceAnalyticsDeps {
  ledgerReads: LedgerReadRepository;
  orders: OrdersRepository;
  market: MarketDataService;
  /** The trading mode names the account: mock and paper → paper, live → live. */
  mode(): TradingMode;
  riskFreeRatePercent: number;
  now?: () => number;
  /** Fills read per slice of a rebuild; default FILL_PAGE (tests make it small). */
  fillPage?: number;
  /** A rebuild's slice, ms; default SLICE_BUDGET_MS (0 in tests: a turn of the event loop at every step). */
  sliceBudgetMs?: number;
  /**
   * Starts the rebuild worker (its own read-only connection to the embedded database file). Without
   * it (PostgreSQL, ':memory:'), or once the worker failed, a rebuild runs in slices on this thread.
   */
  spawnRebuildWorker?: () => Worker;
  /** Where the worker's failure is told, once. */
  logger?: { warn(details: object, message: string): void };
}

const MAX_CACHED_ANSWERS = 64;

/**
 * After a worker failed, a fresh one is tried this long after: a timeout on a machine loaded for a
 * while, or a passing read error, must not put every later cold rebuild back on the event loop for
 * the rest of the process's life.
 */
export const WORKER_RETRY_AFTER_MS = 10 * 60_000;

/**
 * spec part 2 §3: performance figures of the account the trading mode names. The history is rebuilt
 * only when the ledger changes (reading just the rows added since, unless the account was reset) or
 * the IST date turns; a request then sums buckets, and a repeated one is answered from a cache keyed
 * by the request and the live prices of the open positions.
 */
export class PerformanceAnalyticsService {
  private readonly reader: AnalyticsReader;
  private loaded: LoadedLedger | null = null;
  private building: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  private viaWorker: WorkerReplies | null = null;
  /** When a failed worker may be replaced by a fresh one (epoch ms); null while none has failed. */
  private workerRetryAt: number | null = null;

  constructor(private readonly deps: PerformanceAnalyticsDeps) {
    this.reader = new AnalyticsReader(deps.ledgerReads, deps.orders, deps.market, deps.now ?? Date.now);
    if (deps.spawnRebuildWorker)
      this.viaWorker = new WorkerReplies(new RebuildWorker(deps.spawnRebuildWorker), this.reader);
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
    const key = answerKey(kind, query, history, options);
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
    // The direct path (risk's figures, tests): built at once when stale; a build under way is left to finish.
    const target = targetOf(this.reader, account);
    this.loaded = runToEnd(loadSteps(this.reader, this.loaded, target, this.deps.fillPage));
    return this.loaded;
  }

  /**
   * The history as of now, built in slices of a few ms (core/time-slices) so requests, ticks and
   * orders keep their turn during a cold rebuild. One build runs at a time; a request that arrives
   * during one for older rows waits for it and then for the next, which reads up to the newest. A
   * build's result replaces the current one only whole, and only when it is newer.
   */
  async ready(): Promise<void> {
    const account = accountForMode(this.deps.mode());
    const target = targetOf(this.reader, account);
    while (!covers(this.loaded, target)) {
      if (this.stopping.signal.aborted) throw new WorkStoppedError();
      this.building ??= this.build(account).finally(() => {
        this.building = null;
      });
      await this.building;
    }
  }

  /** reply() once ready(): the JSON text without a long stretch on the event loop. */
  async replyWhenReady(kind: 'analytics' | 'returns', query: PerformanceQuery): Promise<string> {
    const via = this.worker();
    if (via) {
      try {
        return await this.workerReply(via, kind, query);
      } catch (error) {
        if (!(error instanceof RebuildWorkerFailedError)) throw error;
        this.workerFailed(via, error);
      }
    }
    await this.ready();
    // A turn between the build's last slice and the answer's figures (≈ 30 ms for 'all' on 100k
    // trades, decision 0043): run back to back they were one stretch of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    return this.reply(kind, query);
  }

  /** The server has started: the rebuild worker, if there is one, starts loading now (decision 0052). */
  warmWorker(): void {
    this.worker()?.worker.warm();
  }

  /** The server is stopping: a build under way is dropped at its next slice, and awaited. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.viaWorker?.stop();
    await this.building?.catch(() => undefined);
  }

  /** The rebuild worker's reply: the build and the figures off this thread, only the JSON text back. */
  private workerReply(via: WorkerReplies, kind: 'analytics' | 'returns', query: PerformanceQuery) {
    const mode = this.deps.mode();
    const account = accountForMode(mode);
    return via.reply(kind, query, {
      account,
      mode,
      riskFreeRatePercent: this.deps.riskFreeRatePercent,
      source: (simulated) => sourceOf(account, mode, simulated),
    });
  }

  /** The worker to answer through: none while stopping, or until a failed one's retry time. */
  private worker(): WorkerReplies | null {
    if (this.stopping.signal.aborted) return null;
    const spawn = this.deps.spawnRebuildWorker;
    if (
      !this.viaWorker &&
      spawn &&
      this.workerRetryAt !== null &&
      this.reader.nowMs() >= this.workerRetryAt
    ) {
      this.workerRetryAt = null;
      this.viaWorker = new WorkerReplies(new RebuildWorker(spawn), this.reader);
    }
    return this.viaWorker;
  }

  /**
   * Told once per worker; the sliced path answers until WORKER_RETRY_AFTER_MS has passed (never a
   * figure from a worker in doubt), then a fresh worker is tried.
   */
  private workerFailed(via: WorkerReplies, error: RebuildWorkerFailedError): void {
    if (this.viaWorker !== via) return; // another request already told it
    this.viaWorker = null;
    this.workerRetryAt = this.reader.nowMs() + WORKER_RETRY_AFTER_MS;
    via.worker.abandon(error); // alive but not trusted: ended, its waiting requests fall back too
    this.deps.logger?.warn(
      { err: error },
      'analytics rebuild worker failed: rebuilding in slices on the event loop for the next 10 minutes',
    );
  }

  private async build(account: AccountId): Promise<void> {
    const last = this.loaded;
    const steps = loadSteps(this.reader, last, targetOf(this.reader, account), this.deps.fillPage);
    const built = await runSliced(steps, { signal: this.stopping.signal, budgetMs: this.deps.sliceBudgetMs });
    // The direct path built a newer one meanwhile: keep it rather than step back to older rows.
    if (this.loaded === last) this.loaded = built;
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
    logger?: PerformanceAnalyticsDeps['logger'];
  },
  now?: () => number,
  /** The embedded database's rebuild worker, when it has a file another thread can open. */
  spawnRebuildWorker?: () => Worker,
): PerformanceAnalyticsService {
  return new PerformanceAnalyticsService({
    ledgerReads: services.ledgerReads,
    orders: services.orders,
    market: services.market,
    mode: () => services.tradingMode.current(),
    riskFreeRatePercent: services.config.riskFreeRatePercent,
    now,
    logger: services.logger,
    spawnRebuildWorker,
  });
}
