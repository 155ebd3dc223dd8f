import type { Logger } from 'pino';

import type { Candle } from '../../market/market-types';
import { type MlView, mlEnsemble, type SignalSource, type SymbolBars } from '../../signals';
import type { ModelEngineApi, SentimentReader } from '../ml-seams';
import { HORIZON_MINUTES } from './features';
import { mlViewOf } from './ml-view';
import { type EnsemblePrediction, ModelEnsemble } from './model-ensemble';
import { type ObservationContext, observeUniverse, type SymbolObservation } from './observe';
import { HOLDOUT_SIZE } from './online-learning';
import { resolveDuePredictions, toExample } from './prediction-resolution';
import type { NewPrediction, PredictionStore } from './prediction-store';
import { StartupWalkForward } from './startup-walk-forward';
import {
  ensembleStatusOf,
  explainabilityStatusOf,
  explanationOf,
  onlineLearningStatusOf,
  outOfSampleOf,
  predictionView,
} from './status-views';
import type { TrainedEnsemble, WalkForwardSource, WalkForwardState } from './walk-forward';

export { priceAtHorizon } from './prediction-resolution';

export interface ModelEngineDependencies {
  predictions: PredictionStore;
  /** The symbols to predict with their 1-minute bars, oldest first (the loop's universe). */
  universe(): SymbolBars[];
  /** One symbol's 1-minute bars, to resolve its predictions. */
  minuteBars(symbol: string): readonly Candle[];
  previousClose(symbol: string): number | undefined;
  dailyCloses?(symbol: string): readonly number[];
  sectorOf(symbol: string): string | undefined;
  /** The news pipeline's sentiment, read on each prediction; null (or absent) while it is not running. */
  sentiment?: () => SentimentReader | null;
  now: () => number;
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** Default 60 s: predictions are made once per new one-minute bar. */
  intervalMs?: number;
  /**
   * The walk-forward over the market's past sessions (the simulator's generated history), run at
   * start; null when the feed has no past of its own here (a real feed's past is another series).
   */
  walkForward?: () => WalkForwardSource | null;
  /**
   * Whether the feed the walk-forward measured is still the one in use: an edge measured on the
   * simulator's past is no edge on a real feed. Default: always.
   */
  measuredFeedInUse?: () => boolean;
}

const RETENTION_MS = 14 * 24 * 3_600_000;
/** A bar older than this at prediction time means the market is not moving: no prediction is recorded. */
const FRESH_BAR_MS = 3 * 60_000;

/**
 * The ML model engine: once a minute it resolves the predictions whose 30-minute horizon has passed
 * (against the bar at the horizon), lets the six models learn from them (Hedge weights, checked online
 * updates with rollback), saves the models, and records a new prediction per symbol with a fresh bar.
 */
export class ModelEngine implements ModelEngineApi {
  readonly horizonMinutes = HORIZON_MINUTES;
  readonly signalSource: SignalSource;
  readonly ensemble: ModelEnsemble;
  private readonly store: PredictionStore;
  private readonly lastRecorded: Map<string, number>;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastError: string | null = null;
  /** True when no models were saved: the walk-forward's trained models are then installed. */
  private readonly fresh: boolean;
  private readonly startup: StartupWalkForward;

  constructor(private readonly deps: ModelEngineDependencies) {
    this.store = deps.predictions;
    const saved = this.store.loadLearning();
    this.fresh = saved === null || saved === undefined;
    this.ensemble = new ModelEnsemble(saved?.counters);
    this.ensemble.restore(this.store.loadModels(), saved?.rebalances ?? 0);
    this.ensemble.learning.seedHoldout(this.store.recentResolved(HOLDOUT_SIZE).map(toExample));
    this.lastRecorded = this.store.latestBySymbol();
    this.signalSource = mlEnsemble(this);
    this.startup = new StartupWalkForward({
      source: deps.walkForward,
      measuredFeedInUse: deps.measuredFeedInUse,
      now: deps.now,
      logger: deps.logger,
      // Live predictions resolve 30 minutes after start at the earliest: before then the live models
      // have learned nothing the trained ones would overwrite.
      install: (trained) => {
        if (!this.fresh || this.ensemble.rebalances !== 0) return false;
        this.install(trained);
        return true;
      },
    });
  }

  start(): void {
    if (this.timer) return;
    this.safeTick();
    this.timer = setInterval(() => this.safeTick(), this.deps.intervalMs ?? 60_000);
    this.timer.unref?.();
    this.startup.start();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.startup.stop();
  }

  /** Resolves once the start-up walk-forward has ended (at once when it never started). */
  async walkForwardDone(): Promise<void> {
    await this.startup.done();
  }

  walkForward(): WalkForwardState {
    return this.startup.state();
  }

  /** The ML member's say in the loop's signal, 0..1: its measured out-of-sample edge, none without one. */
  say(): number {
    return this.startup.say();
  }

  /** The trained models, weights, records, counters and holdout become the engine's, and are saved. */
  private install(trained: TrainedEnsemble): void {
    this.ensemble.restore(
      new Map(trained.records.map((record) => [record.name, record])),
      trained.rebalances,
    );
    // The updates are real (made now, on the past sessions' outcomes): counted as the live ones are.
    Object.assign(this.ensemble.learning.counters, trained.counters, { last_update_time: this.deps.now() });
    this.ensemble.learning.seedHoldout(trained.holdout);
    this.store.saveModels(
      this.ensemble.toRecords(),
      this.ensemble.learning.counters,
      this.ensemble.rebalances,
      this.deps.now(),
    );
  }

  /** One cycle: resolve and learn, then predict. Returns what it did (for tests and the log). */
  tick(now = this.deps.now()): { resolved: number; expired: number; recorded: number } {
    const { resolved, expired } = this.resolveDue(now);
    const recorded = this.recordPredictions(now);
    if (recorded > 0 || resolved > 0) this.store.prune(now - RETENTION_MS);
    return { resolved, expired, recorded };
  }

  /** The ML view of each symbol with enough bars (what the signal source ranks on); nothing is recorded. */
  predict(universe: SymbolBars[], now: number): MlView[] {
    return this.observeAndPredict(universe, now).map(({ symbol, prediction }) =>
      mlViewOf(symbol, prediction, this.ensemble),
    );
  }

  observeAndPredict(
    universe: SymbolBars[],
    now: number,
  ): (SymbolObservation & { prediction: EnsemblePrediction })[] {
    return observeUniverse(universe, this.context(), now).map((item) => ({
      ...item,
      prediction: this.ensemble.predict(item.observation),
    }));
  }

  predictions(options: { symbol?: string; limit?: number } = {}) {
    return this.store.list(options).map(predictionView);
  }

  ensembleStatus() {
    return {
      ...ensembleStatusOf(this.ensemble, this.store.counts(), this.lastError),
      out_of_sample: outOfSampleOf(this.startup.state(), this.say()),
    };
  }

  onlineLearningStatus() {
    return onlineLearningStatusOf(this.ensemble.learning);
  }

  explain(predictionIdOrSymbol: number | string) {
    const prediction =
      typeof predictionIdOrSymbol === 'number'
        ? this.store.byId(predictionIdOrSymbol)
        : (this.store.list({ symbol: predictionIdOrSymbol, limit: 1 })[0] ?? null);
    if (!prediction) return null;
    return explanationOf(prediction);
  }

  explainabilityStatus() {
    return explainabilityStatusOf(this.store.counts());
  }

  private safeTick(): void {
    try {
      this.tick();
      this.lastError = null;
    } catch (error) {
      // The ML engine failing must leave trading working: log, say so in the status, try again next minute.
      this.lastError = (error as Error).message;
      this.deps.logger?.error({ err: error }, 'ML model engine cycle failed');
    }
  }

  private context(): ObservationContext {
    return {
      previousClose: (symbol) => this.deps.previousClose(symbol),
      dailyCloses: (symbol) => this.deps.dailyCloses?.(symbol) ?? [],
      sectorOf: (symbol) => this.deps.sectorOf(symbol),
      sentiment: this.deps.sentiment?.() ?? null,
    };
  }

  private resolveDue(now: number): { resolved: number; expired: number } {
    return resolveDuePredictions({
      store: this.store,
      ensemble: this.ensemble,
      minuteBars: (symbol) => this.deps.minuteBars(symbol),
      now,
    });
  }

  private recordPredictions(now: number): number {
    const fresh = this.observeAndPredict(this.deps.universe(), now).filter(
      ({ symbol, asOf }) => asOf >= now - FRESH_BAR_MS && asOf > (this.lastRecorded.get(symbol) ?? 0),
    );
    const names = this.ensemble.learners.map((learner) => learner.name);
    const rows: NewPrediction[] = fresh.map(({ symbol, observation, pricePaise, asOf, prediction }) => ({
      symbol,
      madeAt: asOf,
      dueAt: asOf + HORIZON_MINUTES * 60_000,
      horizonMinutes: HORIZON_MINUTES,
      pricePaise,
      probability: prediction.vote.probability,
      direction: prediction.vote.direction,
      confidence: prediction.vote.confidence,
      votes: Object.fromEntries(prediction.votes.map((vote, i) => [names[i]!, vote])),
      observation,
      explanation: {
        base: prediction.explanation.base,
        logit: prediction.explanation.logit,
        features: prediction.explanation.contributions.map(({ label: _label, ...rest }) => rest),
      },
    }));
    if (rows.length === 0) return 0;
    this.store.record(rows);
    for (const row of rows) this.lastRecorded.set(row.symbol, row.madeAt);
    return rows.length;
  }
}
