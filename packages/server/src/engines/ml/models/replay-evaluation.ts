import { runToEnd } from '../../../core/time-slices';
import { constituents } from '../../market/instruments';
import { baseMinuteVolume } from '../../market/simulated-market';
import { HistoryGenerator } from '../../market/simulator/history-generator';
import { ModelEnsemble } from './model-ensemble';
import { generatedTrainingHistory, type Tally, walkForwardSteps } from './walk-forward';

export type { Tally } from './walk-forward';

export interface ReplayOptions {
  sessions: number;
  /** Sessions the models only learn from before the scored (out-of-sample) part starts. */
  warmupSessions: number;
  /** Minutes between predictions within a session (the engine predicts every minute; 5 keeps the replay quick). */
  stepMinutes: number;
  seed: number;
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
 * Replays generated sessions of the NIFTY 50 through the six-model ensemble the way the engine runs
 * (walkForwardSteps): every scored prediction is out of sample.
 */
export function replayEvaluation(options: ReplayOptions): ReplayResult {
  const { instruments, history } = niftyHistory(options.sessions, options.seed);
  const sectors = new Map(instruments.map((i) => [i.symbol, i.sector]));
  const ensemble = new ModelEnsemble();
  const tally = runToEnd(
    walkForwardSteps(
      generatedTrainingHistory(history, (symbol) => sectors.get(symbol)),
      ensemble,
      options,
    ),
  );
  return {
    options,
    tally,
    modelNames: ensemble.learners.map((l) => l.name),
    weights: ensemble.weights,
    ensemble,
  };
}
