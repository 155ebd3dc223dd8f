import { istDateOf } from '../../../core/time/ist-time';
import type { MlPredictor, MlView, SymbolBars } from '../../signals';
import type { SentimentReader } from '../ml-seams';
import { HORIZON_MINUTES } from './features';
import { mlViewOf } from './ml-view';
import type { ModelEnsemble, ResolvedExample } from './model-ensemble';
import type { Observation } from './model-types';
import { type ObservationContext, observeUniverse } from './observe';
import { priceAtHorizon } from './prediction-resolution';

export interface ReplayPredictorOptions {
  /** The ensemble as trained before the replay (walk-forward on the sessions before it), or fresh. */
  ensemble: ModelEnsemble;
  /** Its say in the loop's signal, 0..1: fixed before the replay starts, as the live engine's is. */
  say: number;
  sectorOf(symbol: string): string | undefined;
  /** Each symbol's daily closes before the first replayed session, oldest first; the replay adds its own. */
  dailyCloses: ReadonlyMap<string, readonly number[]>;
  /** The news as it stood at `now`; absent: no news (the sentiment features are 0, the news model has no view). */
  sentimentAt?: (now: number) => SentimentReader | null;
  /**
   * The models learn from the predictions of every this many minutes (the start-up walk-forward's
   * step): every minute would take five times as long for much the same record. Default 5.
   */
  learnEveryMinutes?: number;
}

/** One model's calls in the replay: predictions with a view (P ≠ ½), and how many were right. */
export interface ModelCalls {
  name: string;
  description: string;
  views: number;
  right: number;
}

/** What the ensemble's replayed predictions measured: each was made before its outcome was known. */
export interface ReplayPredictionTally {
  /** Resolved predictions whose price moved (a flat one is neither call's success). */
  predictions: number;
  right: number;
  /** How many of them rose: always-up's score. */
  rose: number;
  models: ModelCalls[];
}

interface Pending {
  symbol: string;
  madeAt: number;
  dueAt: number;
  pricePaise: number;
  observation: Observation;
  probabilities: number[];
  up: boolean;
}

const MINUTE_MS = 60_000;
/** Daily closes a symbol keeps: the features read the last five. */
const DAILY_CLOSES_KEPT = 10;

/**
 * The model engine's predictions in a replay (a backtest): each minute the loop ranks, the ensemble
 * predicts every symbol from the bars and the news so far, exactly as the live engine's `predict`;
 * a prediction's outcome is learned only once its 30-minute horizon has passed (the live engine's
 * resolution, priceAtHorizon), so every prediction is out of sample and the models keep learning
 * through the range as they would live.
 */
export class ReplayMlPredictor implements MlPredictor {
  readonly horizonMinutes = HORIZON_MINUTES;
  private readonly closes = new Map<string, number[]>();
  private readonly sessionCloses = new Map<string, number>();
  /** The IST date of the session being replayed: a new date starts a new session. */
  private session: string | null = null;
  private lastUniverse: SymbolBars[] = [];
  private pending: Pending[] = [];
  private readonly lastLearnedAsOf = new Map<string, number>();
  private cached: { now: number; views: MlView[] } | null = null;
  private readonly tallied: ReplayPredictionTally;

  constructor(private readonly options: ReplayPredictorOptions) {
    for (const [symbol, closes] of options.dailyCloses)
      this.closes.set(symbol, closes.slice(-DAILY_CLOSES_KEPT));
    this.tallied = {
      predictions: 0,
      right: 0,
      rose: 0,
      models: options.ensemble.learners.map(({ name, description }) => ({
        name,
        description,
        views: 0,
        right: 0,
      })),
    };
  }

  say(): number {
    return this.options.say;
  }

  /** What the replay's predictions measured so far (the ones the models learned from). */
  tally(): ReplayPredictionTally {
    return { ...this.tallied, models: this.tallied.models.map((model) => ({ ...model })) };
  }

  predict(universe: SymbolBars[], now: number): MlView[] {
    // The loop may rank twice in a minute: the same bars give the same views, and nothing is learned twice.
    if (this.cached?.now === now) return this.cached.views;
    const session = istDateOf(now);
    if (session !== this.session) this.beginSession(session);
    this.learnDue(universe, now);
    this.lastUniverse = universe;
    const { ensemble } = this.options;
    const learnFrom = Math.floor(now / MINUTE_MS) % (this.options.learnEveryMinutes ?? 5) === 0;
    const views: MlView[] = [];
    for (const item of observeUniverse(universe, this.context(now), now)) {
      const prediction = ensemble.predict(item.observation);
      views.push(mlViewOf(item.symbol, prediction, ensemble));
      this.sessionCloses.set(item.symbol, item.pricePaise);
      // A stock with no new bar (stored candles have gaps) is the same prediction again: learned once.
      if (!learnFrom || this.lastLearnedAsOf.get(item.symbol) === item.asOf) continue;
      this.lastLearnedAsOf.set(item.symbol, item.asOf);
      this.pending.push({
        symbol: item.symbol,
        madeAt: item.asOf,
        dueAt: item.asOf + HORIZON_MINUTES * MINUTE_MS,
        pricePaise: item.pricePaise,
        observation: item.observation,
        probabilities: prediction.votes.map((vote) => vote.probability),
        up: prediction.vote.direction === 'UP',
      });
    }
    this.cached = { now, views };
    return views;
  }

  /**
   * A new session: the last one's predictions still open resolve at its close (as the live engine
   * resolves them against the last bar by the horizon), and its closes join the daily series.
   */
  private beginSession(session: string): void {
    if (this.session !== null) {
      this.learnDue(this.lastUniverse, Number.POSITIVE_INFINITY);
      for (const [symbol, close] of this.sessionCloses) {
        const closes = this.closes.get(symbol) ?? [];
        closes.push(close);
        this.closes.set(symbol, closes.slice(-DAILY_CLOSES_KEPT));
      }
    }
    this.pending = [];
    this.sessionCloses.clear();
    this.session = session;
  }

  private learnDue(universe: readonly SymbolBars[], now: number): void {
    if (this.pending.length === 0) return;
    const due = this.pending.filter((p) => p.dueAt <= now);
    if (due.length === 0) return;
    this.pending = this.pending.filter((p) => p.dueAt > now);
    const bars = new Map(universe.map((item) => [item.symbol, item.bars]));
    const batch: ResolvedExample[] = [];
    for (const p of due) {
      const price = priceAtHorizon(bars.get(p.symbol) ?? [], p);
      if (price === null) continue;
      const up: 0 | 1 = price > p.pricePaise ? 1 : 0;
      batch.push({ observation: p.observation, up, probabilities: p.probabilities });
      if (price !== p.pricePaise) this.count(p, up);
    }
    const lastBar = universe.reduce((latest, { bars }) => Math.max(latest, bars.at(-1)?.openTime ?? 0), 0);
    this.options.ensemble.learn(batch, Number.isFinite(now) ? now : lastBar + MINUTE_MS);
  }

  private count(p: Pending, up: 0 | 1): void {
    const tally = this.tallied;
    tally.predictions += 1;
    tally.rose += up;
    if (p.up === (up === 1)) tally.right += 1;
    p.probabilities.forEach((probability, i) => {
      if (probability === 0.5 || !Number.isFinite(probability)) return;
      tally.models[i]!.views += 1;
      if (probability > 0.5 === (up === 1)) tally.models[i]!.right += 1;
    });
  }

  private context(now: number): ObservationContext {
    return {
      previousClose: (symbol) => this.closes.get(symbol)?.at(-1),
      dailyCloses: (symbol) => this.closes.get(symbol) ?? [],
      sectorOf: (symbol) => this.options.sectorOf(symbol),
      sentiment: this.options.sentimentAt?.(now) ?? null,
    };
  }
}
