// Rebuilds memory, the knowledge graph and the learned patterns on a schedule from what the other
// engines measured (market closes, headlines, predictions, the ledger), and keeps the latest picture.
import type { Trade } from '@td/contracts';
import type { Logger } from 'pino';
import {
  BACKGROUND_SLICE_BUDGET_MS,
  runSliced,
  type Steps,
  WorkStoppedError,
} from '../../../core/time-slices';
import type { MarketDataService } from '../../market/market-data-service';
import type { ModelEngineApi, NewsPipeline } from '../ml-seams';
import { DailyCandleReader } from './daily-candles';
import { graphFigures, knowledgeGraphSteps } from './knowledge-graph';
import { NewsEventTracker } from './news-event-tracker';
import {
  judgedCounts,
  ledgerPartSteps,
  readLedgerPart,
  readModelsPart,
  readNewsPart,
  type TradePageSteps,
} from './part-readings';
import { learnedCandlePatternSteps, newsEventPatterns } from './pattern-hit-rates';
import { type ClosedTrades, closedTradesNow } from './readings';

export interface InsightOptions {
  rebuildIntervalMs: number;
  /** |ρ| of daily returns that makes two stocks related. */
  correlationThreshold: number;
  /** How long after a headline its stock's move is measured. */
  newsHorizonMs: number;
  /** One-minute bars after a pattern its move is measured over. */
  minuteHorizonBars: number;
}

export const DEFAULT_INSIGHT_OPTIONS: InsightOptions = {
  rebuildIntervalMs: 5 * 60_000,
  correlationThreshold: 0.7,
  newsHorizonMs: 30 * 60_000,
  minuteHorizonBars: 15,
};

export interface InsightDeps {
  market: Pick<MarketDataService, 'instruments' | 'activeProvider' | 'pipeline' | 'lastPrice'>;
  news?: Pick<NewsPipeline, 'headlines'> | null;
  models?: Pick<ModelEngineApi, 'ensembleStatus' | 'onlineLearningStatus' | 'explainabilityStatus'> | null;
  /** Every order in the traded account's ledger (TradeExport.tradesForExport). */
  trades?: () => readonly Trade[];
  /**
   * The same orders as steps handing each page to `visit` (TradeExport.allTradeSteps), read in slices
   * and counted page by page, none kept; used instead of `trades` when given.
   */
  tradeSteps?: TradePageSteps;
  /** The ledger's closed trades for the account in use (PortfolioReport.closedTradeStats), read per request. */
  closedTrades?: () => ClosedTrades;
  now: () => number;
  logger?: Pick<Logger, 'warn' | 'error'>;
  options?: Partial<InsightOptions>;
  /** A build's slice, ms; default BACKGROUND_SLICE_BUDGET_MS (core/time-slices): a build is awaited whole, never a slice of it. */
  sliceBudgetMs?: number;
}

/** Quick Stats' count of closed trades and wins; the ML figures quote it rather than count their own. */
export type { ClosedTrades };

import type { HistoryPoint, InsightSnapshot, SourceProblems } from './insight-types';

export type { HistoryPoint, InsightSnapshot, SourceProblems };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class InsightEngine {
  readonly options: InsightOptions;
  private readonly candles: DailyCandleReader;
  private readonly tracker: NewsEventTracker;
  private timer: ReturnType<typeof setInterval> | null = null;
  private building: Promise<InsightSnapshot> | null = null;
  /** Aborted by stop(): a build under way is dropped at its next slice (nothing half built is kept). */
  private stopping = new AbortController();
  private latest: InsightSnapshot | null = null;
  private readonly points: HistoryPoint[] = [];
  cycles = 0;
  lastError: string | null = null;
  /** Called after each build (createInsight records the build's overall health for the trend). */
  onBuilt: (() => void) | null = null;

  constructor(private readonly deps: InsightDeps) {
    this.options = { ...DEFAULT_INSIGHT_OPTIONS, ...deps.options };
    this.candles = new DailyCandleReader(deps.market, deps.now);
    this.tracker = new NewsEventTracker(this.options.newsHorizonMs, (symbol, at) => this.priceAt(symbol, at));
  }

  get running(): boolean {
    return this.timer !== null;
  }

  snapshot(): InsightSnapshot | null {
    return this.latest;
  }

  history(): readonly HistoryPoint[] {
    return this.points;
  }

  nextBuildAt(): number | null {
    return this.running && this.latest ? this.latest.builtAt + this.options.rebuildIntervalMs : null;
  }

  start(): void {
    if (this.timer) return;
    if (this.stopping.signal.aborted) this.stopping = new AbortController();
    const build = () =>
      void this.rebuild().catch((error) => {
        // A build dropped by stop() is the shutdown working, not a failure.
        if (!(error instanceof WorkStoppedError))
          this.deps.logger?.error({ err: error }, 'ML insight rebuild failed');
      });
    this.timer = setInterval(build, this.options.rebuildIntervalMs);
    this.timer.unref?.();
    build();
  }

  /** Stops the schedule; a build under way ends at its next slice and is awaited. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.building?.catch(() => undefined);
  }

  /** One build at a time: a caller arriving mid-build shares it. */
  rebuild(): Promise<InsightSnapshot> {
    this.building ??= this.build()
      .then((snapshot) => {
        this.lastError = null;
        this.onBuilt?.();
        return snapshot;
      })
      .catch((error) => {
        this.lastError = message(error);
        throw error;
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /** Records the overall health the latest build led to, for the trend (the metrics are computed outside). */
  recordHealth(overall: number | null): void {
    const last = this.points[this.points.length - 1];
    if (last) last.overallHealth = overall;
  }

  /**
   * One build. Its long parts (the knowledge graph, the candle patterns, the ledger's orders) run in
   * slices of a few ms (decision 0047), so requests and orders do not wait; the snapshot is replaced whole.
   */
  private async build(): Promise<InsightSnapshot> {
    const sliced = <T>(steps: Steps<T>) =>
      runSliced(steps, {
        signal: this.stopping.signal,
        budgetMs: this.deps.sliceBudgetMs ?? BACKGROUND_SLICE_BUDGET_MS,
      });
    const now = this.deps.now();
    const problems: SourceProblems = { news: null, models: null, trades: null };
    const candles = await this.candles.read();

    const { headlines, problem: newsProblem } = await readNewsPart(this.deps.news);
    problems.news = newsProblem;
    this.tracker.observe(headlines);
    this.tracker.resolve(now);

    const stocks = this.deps.market.instruments.map((instrument) => ({
      symbol: instrument.symbol,
      sector: instrument.sector,
      closes: (candles.bySymbol.get(instrument.symbol) ?? []).map((bar) => bar?.close ?? Number.NaN),
    }));
    const graph = await sliced(
      knowledgeGraphSteps({ stocks, headlines, threshold: this.options.correlationThreshold }),
    );

    const candlePatterns = await sliced(
      learnedCandlePatternSteps(
        [...candles.bySymbol.values()].map((bars) => bars.filter((bar) => bar !== undefined)),
        this.deps.market.instruments.map((instrument) =>
          this.deps.market.pipeline.minuteBars(instrument.symbol),
        ),
        this.options.minuteHorizonBars,
      ),
    );
    const newsPatterns = newsEventPatterns(
      this.tracker.outcomes(),
      `${Math.round(this.options.newsHorizonMs / MINUTE_MS)} minutes`,
    );

    const { ensemble, online, problem: modelsProblem } = await readModelsPart(this.deps.models);
    problems.models = modelsProblem;

    const ledgerClosedTrades = closedTradesNow(this.deps.closedTrades)?.trades ?? null;
    const tradeSteps = this.deps.tradeSteps;
    const { trades, problem: tradesProblem } = tradeSteps
      ? await sliced(ledgerPartSteps(tradeSteps))
      : readLedgerPart(this.deps.trades);
    problems.trades = tradesProblem;

    const snapshot: InsightSnapshot = {
      builtAt: now,
      graph: { ...graphFigures(graph), sessions: graph.sessions, threshold: graph.threshold },
      candlePatterns,
      newsPatterns,
      ensemble,
      online,
      judged: judgedCounts(ensemble, trades),
      trades,
      ledgerClosedTrades,
      headlinesRead: headlines.length,
      problems,
    };
    this.latest = snapshot;
    this.cycles += 1;
    this.remember(snapshot);
    return snapshot;
  }

  private remember(snapshot: InsightSnapshot): void {
    this.points.push({
      at: snapshot.builtAt,
      overallHealth: null,
      modelUpdates: snapshot.online?.total_updates ?? 0,
      patternObservations: this.tracker.resolvedTotal,
      rebalances: snapshot.ensemble?.model_rebalances ?? 0,
      judged: snapshot.judged,
    });
    while (this.points.length > 0 && this.points[0]!.at < snapshot.builtAt - DAY_MS) this.points.shift();
  }

  /** The open of the minute bar holding `at` (the price just before it); the last price for a moment ago. */
  private priceAt(symbol: string, at: number): number | undefined {
    const bar = this.deps.market.pipeline
      .minuteBars(symbol)
      .find((candle) => at >= candle.openTime && at < candle.openTime + MINUTE_MS);
    if (bar) return bar.open;
    return Math.abs(this.deps.now() - at) <= 2 * MINUTE_MS ? this.deps.market.lastPrice(symbol) : undefined;
  }
}
