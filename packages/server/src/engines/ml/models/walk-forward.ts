import { meanWithInterval } from '../../../core/mean-with-interval';
import { BACKGROUND_SLICE_BUDGET_MS, runSliced, type Steps } from '../../../core/time-slices';
import type { Candle } from '../../market/market-types';
import type { HistoryGenerator, HistoryRecipe } from '../../market/simulator/history-generator';
import { SeededRandom } from '../../market/simulator/seeded-random';
import type { SentimentReader } from '../ml-seams';
import { HORIZON_MINUTES, MIN_BARS } from './features';
import { ModelEnsemble, type ResolvedExample } from './model-ensemble';
import type { LabelledObservation } from './model-types';
import { observeUniverse } from './observe';
import type { LearningCounters } from './online-learning';
import type { ModelRecord } from './prediction-store';

/** Past sessions of one-minute bars, oldest first, as the market's history holds them. */
export interface TrainingHistory {
  readonly dates: readonly string[];
  /** Every symbol's one-minute bars of that session, oldest first (generating a session is sliced too). */
  sessionBarSteps(date: string): Steps<ReadonlyMap<string, readonly Candle[]>>;
  /** The session's daily close per symbol, aligned with `dates`. */
  dailyCloses(symbol: string): readonly number[];
  sectorOf(symbol: string): string | undefined;
  /**
   * The news as it stood at `now` (only headlines published by then), for the sentiment features and
   * the news model; absent: the history has no news and they have no view.
   */
  sentimentAt?(now: number): SentimentReader | null;
}

export interface WalkForwardOptions {
  /** Sessions the models only learn from before the scored (out-of-sample) part starts. */
  warmupSessions: number;
  /** Minutes between predictions within a session (the engine predicts every minute; 5 keeps it quick). */
  stepMinutes: number;
  /** Seeds the coin-flip baseline. */
  seed: number;
}

export interface Tally {
  n: number;
  ensemble: number;
  alwaysUp: number;
  coin: number;
  /** Predictions with |P(up) − ½| ≥ 0.05 and how many of them were right. */
  confident: number;
  confidentRight: number;
  models: number[];
  /** Per model, its scored predictions with a view (P ≠ ½) and how many of them were right. */
  modelCalls: { views: number; right: number }[];
  /** The ensemble's accuracy per scored session: outcomes within a session share the market's moves. */
  sessions: number[];
  /** Per scored session, the ensemble's accuracy over always-up's, and over a coin's expected ½. */
  sessionEdges: { overAlwaysUp: number; overCoin: number }[];
}

/**
 * What the walk-forward measured, out of sample only. The interval takes each scored session as one
 * observation (the 50 stocks of a session share the market's moves, so its predictions are not
 * independent; docs/decisions/0017).
 */
export interface WalkForwardReport {
  sessions: number;
  scoredSessions: number;
  predictions: number;
  accuracy: number;
  alwaysUpAccuracy: number;
  coinAccuracy: number;
  /**
   * The smaller of the mean edges over the two baselines a direction call must beat (always up, a
   * coin's ½), per scored session: both fixed before the session, neither chosen in hindsight.
   */
  edge: number;
  /**
   * Its 95 % interval, sessions as the unit (Student's t): the lower end is the smaller of the two
   * baselines' lower ends, so a say needs both beaten; null with fewer than two scored sessions.
   */
  edgeInterval: [number, number] | null;
}

/** What a finished walk-forward hands the engine: the trained ensemble's state and its tally. */
export interface TrainedEnsemble {
  records: ModelRecord[];
  rebalances: number;
  counters: LearningCounters;
  holdout: LabelledObservation[];
  tally: Tally;
}

/** How the engine's walk-forward runs: the same in a worker thread and in process. */
export function walkForwardOptions(sessions: number): WalkForwardOptions {
  return {
    // A quarter of a short history, at most five sessions, only trains; the rest is scored.
    warmupSessions: Math.max(1, Math.min(5, Math.floor(sessions / 4))),
    // Every fifth minute: every minute would take five times as long for much the same record.
    stepMinutes: 5,
    seed: 20_260_105,
  };
}

/** A fresh ensemble trained walk-forward on `history`, with what it measured. */
export function* trainWalkForward(history: TrainingHistory): Steps<TrainedEnsemble> {
  const ensemble = new ModelEnsemble();
  const tally = yield* walkForwardSteps(history, ensemble, walkForwardOptions(history.dates.length));
  return {
    records: ensemble.toRecords(),
    rebalances: ensemble.rebalances,
    counters: { ...ensemble.learning.counters },
    holdout: [...ensemble.learning.holdoutExamples],
    tally,
  };
}

/** The simulator's generated past as the walk-forward reads it. */
export function generatedTrainingHistory(
  generator: HistoryGenerator,
  sectorOf: (symbol: string) => string | undefined,
): TrainingHistory {
  const closes = new Map<string, number[]>();
  return {
    dates: generator.sessionDates,
    sessionBarSteps: (date) => generator.sessionBarSteps(date),
    dailyCloses: (symbol) => {
      let series = closes.get(symbol);
      if (!series) {
        series = generator.dailyBars(symbol).map((bar) => bar.close);
        closes.set(symbol, series);
      }
      return series;
    },
    sectorOf,
  };
}

/** What a worker thread needs to rebuild the history and train on it: plain data. */
export interface WalkForwardRequest {
  recipe: HistoryRecipe;
  sectors: [symbol: string, sector: string][];
}

/** Runs a walk-forward elsewhere (the server's worker thread); rejects when `signal` aborts. */
export type WalkForwardRunner = (
  request: WalkForwardRequest,
  signal: AbortSignal,
) => Promise<TrainedEnsemble>;

/** A walk-forward the engine can start: how many sessions it covers, and how to run it. */
export interface WalkForwardSource {
  sessions: number;
  run(signal: AbortSignal): Promise<TrainedEnsemble>;
}

/** In process, in background slices: for tests and where no worker runs. */
export function inProcessWalkForward(history: TrainingHistory): WalkForwardSource {
  return {
    sessions: history.dates.length,
    run: (signal) => runSliced(trainWalkForward(history), { budgetMs: BACKGROUND_SLICE_BUDGET_MS, signal }),
  };
}

/**
 * Replays past sessions through the ensemble the way the engine runs: predict from the bars so far,
 * learn each outcome only once its 30-minute horizon has passed, so every scored prediction is out of
 * sample (made before its outcome, or any later one, was seen). Yields after each replayed minute's
 * predictions and after each learned batch, so it can run in slices beside live work.
 */
export function* walkForwardSteps(
  history: TrainingHistory,
  ensemble: ModelEnsemble,
  options: WalkForwardOptions,
): Steps<Tally> {
  const coin = new SeededRandom(options.seed ^ 0x5eed);
  const tally: Tally = {
    n: 0,
    ensemble: 0,
    alwaysUp: 0,
    coin: 0,
    confident: 0,
    confidentRight: 0,
    models: ensemble.learners.map(() => 0),
    modelCalls: ensemble.learners.map(() => ({ views: 0, right: 0 })),
    sessions: [],
    sessionEdges: [],
  };
  for (const [d, date] of history.dates.entries()) {
    const bars = yield* history.sessionBarSteps(date);
    const symbols = [...bars.keys()];
    const context = {
      previousClose: (symbol: string) => (d > 0 ? history.dailyCloses(symbol)[d - 1] : undefined),
      dailyCloses: (symbol: string) => history.dailyCloses(symbol).slice(0, d),
      sectorOf: (symbol: string) => history.sectorOf(symbol),
    };
    const scored = d >= options.warmupSessions;
    const start = { n: tally.n, right: tally.ensemble, up: tally.alwaysUp };
    const pending: { due: number; example: ResolvedExample }[] = [];
    const minutes = Math.min(...symbols.map((symbol) => bars.get(symbol)!.length));
    const sessionStart = Math.min(...symbols.map((symbol) => bars.get(symbol)![0]?.openTime ?? 0));
    function* learnDue(minute: number, now: number): Steps<void> {
      const due = pending.filter((p) => p.due <= minute);
      if (due.length === 0) return;
      pending.splice(0, due.length);
      ensemble.learn(
        due.map((p) => p.example),
        now,
      );
      yield;
    }
    for (let minute = MIN_BARS - 1; minute + HORIZON_MINUTES < minutes; minute += options.stepMinutes) {
      const now = sessionStart + (minute + 1) * 60_000;
      yield* learnDue(minute, now);
      const universe = symbols.map((symbol) => ({ symbol, bars: bars.get(symbol)!.slice(0, minute + 1) }));
      // As the replay reads it: at the bar's last millisecond, not the next bar's first.
      const sentiment = history.sentimentAt?.(now - 1) ?? null;
      for (const item of observeUniverse(universe, { ...context, sentiment }, now)) {
        const future = bars.get(item.symbol)![minute + HORIZON_MINUTES]!;
        const up: 0 | 1 = future.close > item.pricePaise ? 1 : 0;
        const prediction = ensemble.predict(item.observation);
        const probabilities = prediction.votes.map((v) => v.probability);
        pending.push({
          due: minute + HORIZON_MINUTES,
          example: { observation: item.observation, up, probabilities },
        });
        // The models learn a flat outcome as "not higher", as live; scored, it would hand always-down
        // (and any bearish call) a free point: a flat price is neither call's success.
        if (!scored || future.close === item.pricePaise) continue;
        const right = (prediction.vote.direction === 'UP') === (up === 1);
        tally.n += 1;
        if (right) tally.ensemble += 1;
        tally.alwaysUp += up;
        if ((coin.next() < 0.5 ? 1 : 0) === up) tally.coin += 1;
        if (Math.abs(prediction.vote.probability - 0.5) >= 0.05) {
          tally.confident += 1;
          if (right) tally.confidentRight += 1;
        }
        probabilities.forEach((p, i) => {
          tally.models[i]! += p === 0.5 ? 0.5 : p > 0.5 === (up === 1) ? 1 : 0;
          if (p === 0.5) return;
          tally.modelCalls[i]!.views += 1;
          if (p > 0.5 === (up === 1)) tally.modelCalls[i]!.right += 1;
        });
      }
      yield;
    }
    yield* learnDue(Number.POSITIVE_INFINITY, sessionStart + minutes * 60_000);
    const n = tally.n - start.n;
    if (scored && n > 0) {
      const accuracy = (tally.ensemble - start.right) / n;
      const upShare = (tally.alwaysUp - start.up) / n;
      tally.sessions.push(accuracy);
      tally.sessionEdges.push({ overAlwaysUp: accuracy - upShare, overCoin: accuracy - 0.5 });
    }
  }
  return tally;
}

/** The out-of-sample figures of a finished walk-forward. */
export function walkForwardReport(tally: Tally, sessions: number): WalkForwardReport {
  const share = (k: number) => (tally.n > 0 ? k / tally.n : 0);
  const overUp = meanWithInterval(tally.sessionEdges.map((e) => e.overAlwaysUp));
  const overCoin = meanWithInterval(tally.sessionEdges.map((e) => e.overCoin));
  const edge = Math.min(overUp.mean, overCoin.mean);
  const edgeInterval: [number, number] | null =
    overUp.interval && overCoin.interval
      ? [
          Math.min(overUp.interval[0], overCoin.interval[0]),
          Math.min(overUp.interval[1], overCoin.interval[1]),
        ]
      : null;
  return {
    sessions,
    scoredSessions: tally.sessionEdges.length,
    predictions: tally.n,
    accuracy: share(tally.ensemble),
    alwaysUpAccuracy: share(tally.alwaysUp),
    coinAccuracy: share(tally.coin),
    edge,
    edgeInterval,
  };
}

/** Where the start-up walk-forward stands, and what it measured. */
export type WalkForwardState =
  | { status: 'not_run'; reason: string }
  | { status: 'running'; startedAt: number }
  | { status: 'complete'; finishedAt: number; installed: boolean; report: WalkForwardReport }
  | { status: 'failed'; error: string };

/** The measured edge (accuracy points over both always-up and a coin) at which ML gets its full say. */
export const ML_FULL_SAY_EDGE = 0.03;

/**
 * The ML member's say in the loop's signal, 0..1, from its measured out-of-sample edge: none while the
 * edge's 95 % interval reaches 0 (no edge shown), else the edge's lower bound over 3 points, capped at 1.
 */
export function mlSay(report: WalkForwardReport | null): number {
  if (!report?.edgeInterval) return 0;
  const lower = report.edgeInterval[0];
  if (!(lower > 0)) return 0;
  return Math.min(1, lower / ML_FULL_SAY_EDGE);
}
