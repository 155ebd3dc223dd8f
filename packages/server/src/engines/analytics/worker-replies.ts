import type { AnalyticsSource, PerformanceQuery, TradingMode } from '@td/contracts';
import type { AccountId } from '../../core/orders';
import { covers, type LoadTarget, targetOf } from './analytics-loader';
import type { AnalyticsReader } from './analytics-reader';
import type { ClosesBySymbol, WorkerBuilt } from './rebuild-protocol';
import { type RebuildWorker, RebuildWorkerFailedError } from './rebuild-worker';

/** Builds in a row that never reached the rows this thread sees: the worker's reads are not trusted. */
const MAX_BUILDS_PER_REPLY = 4;

export interface WorkerReplyContext {
  account: AccountId;
  mode: TradingMode;
  riskFreeRatePercent: number;
  source(simulated: boolean): AnalyticsSource;
}

/**
 * Replies built by the rebuild worker: the history and its figures stay in the worker, only the
 * reply's JSON text comes back (no 200,000 fills or 100,000 trips on this thread's heap). One reply
 * at a time, so the prices sent for an answer are those of the open lots of the history it reads.
 */
export class WorkerReplies {
  private built: WorkerBuilt | null = null;
  private closesSent = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly worker: RebuildWorker,
    private readonly reader: AnalyticsReader,
  ) {}

  reply(
    kind: 'analytics' | 'returns',
    query: PerformanceQuery,
    context: WorkerReplyContext,
  ): Promise<string> {
    const run = this.queue.then(() => this.replyNow(kind, query, context));
    this.queue = run.catch(() => undefined);
    return run;
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private async replyNow(
    kind: 'analytics' | 'returns',
    query: PerformanceQuery,
    context: WorkerReplyContext,
  ): Promise<string> {
    // As ready(): up to the rows present when the request came, reading up to the newest each build.
    const wanted = targetOf(this.reader, context.account);
    for (let builds = 0; !covers(this.built, wanted); builds++) {
      if (builds === MAX_BUILDS_PER_REPLY)
        throw new RebuildWorkerFailedError('The analytics worker does not see the newest ledger rows.');
      const target = targetOf(this.reader, context.account);
      this.built = await this.worker.build({
        type: 'build',
        target,
        nowMs: this.reader.nowMs(),
        closes: this.closesFor(target),
      });
    }
    const built = this.built as WorkerBuilt;
    const prices = new Map<string, number>();
    for (const symbol of built.openLotSymbols) {
      const price = this.reader.livePrice(symbol);
      if (price !== undefined) prices.set(symbol, price);
    }
    const simulated = context.mode === 'mock' || built.simulatedFeed || built.replayed;
    return this.worker.answer({
      type: 'answer',
      kind,
      query,
      prices,
      today: this.reader.today(),
      source: context.source(simulated),
      riskFreeRatePercent: context.riskFreeRatePercent,
    });
  }

  /** The simulator's closes go once, with the first build on its feed: they do not change. */
  private closesFor(target: LoadTarget): ClosesBySymbol | undefined {
    if (!target.simulatedFeed || this.closesSent) return undefined;
    this.closesSent = true;
    return this.reader.simulatedCloses();
  }
}
