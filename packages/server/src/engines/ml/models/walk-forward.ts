import type { Steps } from '../../../core/time-slices';
import type { Candle } from '../../market/market-types';
import { SeededRandom } from '../../market/simulator/seeded-random';
import { HORIZON_MINUTES, MIN_BARS } from './features';
import type { ModelEnsemble, ResolvedExample } from './model-ensemble';
import { observeUniverse } from './observe';

/** Past sessions of one-minute bars, oldest first, as the market's history holds them. */
export interface TrainingHistory {
  readonly dates: readonly string[];
  /** Every symbol's one-minute bars of that session, oldest first (generating a session is sliced too). */
  sessionBarSteps(date: string): Steps<ReadonlyMap<string, readonly Candle[]>>;
  /** The session's daily close per symbol, aligned with `dates`. */
  dailyCloses(symbol: string): readonly number[];
  sectorOf(symbol: string): string | undefined;
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
  /** 95 % interval of that mean, sessions as the unit; null with fewer than two scored sessions. */
  edgeInterval: [number, number] | null;
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
      sentiment: null,
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
      for (const item of observeUniverse(universe, context, now)) {
        const future = bars.get(item.symbol)![minute + HORIZON_MINUTES]!;
        const up: 0 | 1 = future.close > item.pricePaise ? 1 : 0;
        const prediction = ensemble.predict(item.observation);
        const probabilities = prediction.votes.map((v) => v.probability);
        pending.push({
          due: minute + HORIZON_MINUTES,
          example: { observation: item.observation, up, probabilities },
        });
        if (!scored) continue;
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
  const { mean: edge, interval: edgeInterval } = overUp.mean <= overCoin.mean ? overUp : overCoin;
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

/** A mean and its 95 % interval (null with fewer than two values), each value one observation. */
function meanWithInterval(values: readonly number[]): { mean: number; interval: [number, number] | null } {
  const mean = values.length > 0 ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
  if (values.length < 2) return { mean, interval: null };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
  const half = 1.96 * Math.sqrt(variance / values.length);
  return { mean, interval: [mean - half, mean + half] };
}

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
