import { constituents } from '../../market/instruments';
import type { Candle } from '../../market/market-types';
import { baseMinuteVolume } from '../../market/simulated-market';
import { HistoryGenerator, MINUTES_PER_SESSION } from '../../market/simulator/history-generator';
import { SeededRandom } from '../../market/simulator/seeded-random';
import { HORIZON_MINUTES, MIN_BARS } from './features';
import { ModelEnsemble, type ResolvedExample } from './model-ensemble';
import { observeUniverse } from './observe';

export interface ReplayOptions {
  sessions: number;
  /** Sessions the models only learn from before the scored (out-of-sample) part starts. */
  warmupSessions: number;
  /** Minutes between predictions within a session (the engine predicts every minute; 5 keeps the replay quick). */
  stepMinutes: number;
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
}

export interface ReplayResult {
  options: ReplayOptions;
  tally: Tally;
  modelNames: string[];
  weights: number[];
  ensemble: ModelEnsemble;
}

/** Weekday dates (no holiday calendar needed: the generator only needs distinct session dates). */
function sessionDates(n: number): string[] {
  const dates: string[] = [];
  let day = Date.UTC(2025, 9, 1);
  while (dates.length < n) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(day).toISOString().slice(0, 10));
    day += 86_400_000;
  }
  return dates;
}

/** The NIFTY 50's generated history as the simulator makes it: `sessions` weekday sessions for a seed. */
export function niftyHistory(sessions: number, seed: number) {
  const instruments = constituents('NIFTY_50').map((instrument) => ({
    symbol: instrument.symbol,
    sector: instrument.sector,
    referencePrice: Math.round(instrument.referencePrice * 100),
    baseMinuteVolume: baseMinuteVolume(instrument),
  }));
  const dates = sessionDates(sessions);
  const history = new HistoryGenerator(instruments, dates, (date) => Date.parse(`${date}T03:45:00Z`), seed);
  return { instruments, dates, history };
}

/**
 * Replays generated sessions of the NIFTY 50 through the six-model ensemble the way the engine runs:
 * predict from the bars so far, learn each outcome only once its 30-minute horizon has passed, so
 * every scored prediction is out of sample (made before its outcome, or any later one, was seen).
 */
export function replayEvaluation(options: ReplayOptions): ReplayResult {
  const { instruments, dates, history } = niftyHistory(options.sessions, options.seed);
  const sectors = new Map(instruments.map((i) => [i.symbol, i.sector]));
  const daily = new Map(
    instruments.map((i) => [i.symbol, history.dailyBars(i.symbol).map((bar) => bar.close)]),
  );
  const ensemble = new ModelEnsemble();
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
  };

  dates.forEach((date, d) => {
    const bars = history.sessionBars(date);
    const context = {
      previousClose: (symbol: string) => (d > 0 ? daily.get(symbol)![d - 1] : undefined),
      dailyCloses: (symbol: string) => daily.get(symbol)!.slice(0, d),
      sectorOf: (symbol: string) => sectors.get(symbol),
      sentiment: null,
    };
    const scored = d >= options.warmupSessions;
    const sessionStart = { n: tally.n, right: tally.ensemble };
    const pending: {
      due: number;
      example: ResolvedExample;
      direction: 'UP' | 'DOWN';
      probability: number;
    }[] = [];
    const learnDue = (minute: number, now: number) => {
      const batch = pending.filter((p) => p.due <= minute);
      if (batch.length === 0) return;
      pending.splice(0, batch.length);
      ensemble.learn(
        batch.map((p) => p.example),
        now,
      );
    };
    for (
      let minute = MIN_BARS - 1;
      minute + HORIZON_MINUTES < MINUTES_PER_SESSION;
      minute += options.stepMinutes
    ) {
      const now = Date.parse(`${date}T03:45:00Z`) + (minute + 1) * 60_000;
      learnDue(minute, now);
      const universe = instruments.map(({ symbol }) => ({
        symbol,
        bars: bars.get(symbol)!.slice(0, minute + 1),
      }));
      for (const item of observeUniverse(universe, context, now)) {
        const future = bars.get(item.symbol)![minute + HORIZON_MINUTES] as Candle;
        const up: 0 | 1 = future.close > item.pricePaise ? 1 : 0;
        const prediction = ensemble.predict(item.observation);
        const probabilities = prediction.votes.map((v) => v.probability);
        pending.push({
          due: minute + HORIZON_MINUTES,
          example: { observation: item.observation, up, probabilities },
          direction: prediction.vote.direction,
          probability: prediction.vote.probability,
        });
        if (!scored) continue;
        tally.n += 1;
        if ((prediction.vote.direction === 'UP') === (up === 1)) tally.ensemble += 1;
        tally.alwaysUp += up;
        if ((coin.next() < 0.5 ? 1 : 0) === up) tally.coin += 1;
        if (Math.abs(prediction.vote.probability - 0.5) >= 0.05) {
          tally.confident += 1;
          if ((prediction.vote.direction === 'UP') === (up === 1)) tally.confidentRight += 1;
        }
        probabilities.forEach((p, i) => {
          tally.models[i]! += p === 0.5 ? 0.5 : p > 0.5 === (up === 1) ? 1 : 0;
        });
      }
    }
    learnDue(MINUTES_PER_SESSION, Date.parse(`${date}T10:00:00Z`));
    if (scored) tally.sessions.push((tally.ensemble - sessionStart.right) / (tally.n - sessionStart.n));
  });
  return {
    options,
    tally,
    modelNames: ensemble.learners.map((l) => l.name),
    weights: ensemble.weights,
    ensemble,
  };
}
