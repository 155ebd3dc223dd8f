import { runSliced, type Steps } from '../../core/time-slices';
import type { IstDate } from '../market/calendar';
import type { Candle } from '../market/market-types';
import { ModelEnsemble } from '../ml/models/model-ensemble';
import { ReplayMlPredictor, type ReplayPredictionTally } from '../ml/models/replay-predictor';
import {
  mlSay,
  type TrainingHistory,
  type WalkForwardReport,
  walkForwardOptions,
  walkForwardReport,
  walkForwardSteps,
} from '../ml/models/walk-forward';
import { SentimentHistory } from '../ml/news/sentiment-history';
import { withPastNews } from '../ml/past-news';
import { mlEnsemble, type SignalSource } from '../signals';
import type { BacktestHistory, BacktestRange, BacktestSession } from './backtest-sessions';
import type { BacktestSettings } from './backtest-settings';

/**
 * Sessions before the range the ensemble is trained on, walk-forward (about 10 s of the worker's time):
 * the start-up walk-forward's method on the last month before the range.
 */
export const ML_TRAINING_SESSIONS = 20;

/** What the ML ensemble measured in a run with ML signals (decision 0058). */
export interface BacktestMlReport {
  signals: 'ml' | 'ml_full';
  news: boolean;
  say: number;
  sayReason: string;
  trainedSessions: number;
  /** The walk-forward before the range, out of sample; null when it scored no session. */
  before: WalkForwardReport | null;
  /** Headlines published in the range's sessions. */
  headlines: number;
  tally: ReplayPredictionTally;
}

export interface BacktestMl {
  /** The live loop's source with ML (mlEnsemble) over the replay's predictor. */
  source: SignalSource;
  /** The range's sessions, each adding its news to what the models read as the run reaches it. */
  sessions: BacktestSession[];
  report(): BacktestMlReport;
}

/**
 * The ML ensemble for a backtest with ML signals, or null for the rules alone: a fresh ensemble trained
 * walk-forward on the sessions before the range (with their news, unless the run leaves news out),
 * its say fixed from what that walk-forward measured (mlSay, the live rule) or full when the run asks;
 * within the range it predicts each minute and keeps learning each outcome once its horizon has passed.
 * Rejects with WorkStoppedError when `signal` aborts during the training.
 */
export async function prepareBacktestMl(
  history: BacktestHistory,
  range: BacktestRange,
  sessions: BacktestSession[],
  settings: BacktestSettings,
  signal?: AbortSignal,
): Promise<BacktestMl | null> {
  const signals = settings.signals ?? 'rules';
  if (signals === 'rules') return null;
  const news = settings.news !== false && history.sessionNews ? history.sessionNews : null;
  const sectorOf = (symbol: string) => history.sectorOf?.(symbol);
  const chosen = range.symbols.length > 0 ? new Set(range.symbols) : null;
  const trainingDates =
    history.datesBefore?.(range.from, ML_TRAINING_SESSIONS) ??
    history.sessionDates.filter((date) => date < range.from).slice(-ML_TRAINING_SESSIONS);
  const training = trainingHistory(history, trainingDates, chosen, sectorOf);
  const ensemble = new ModelEnsemble();
  const steps = walkForwardSteps(
    news ? withPastNews(training.history, news) : training.history,
    ensemble,
    walkForwardOptions(trainingDates.length),
  );
  const tally = trainingDates.length > 0 ? await runSliced(steps, { budgetMs: 50, signal }) : null;
  const before =
    tally && tally.sessionEdges.length > 0 ? walkForwardReport(tally, trainingDates.length) : null;
  const say = signals === 'ml_full' ? 1 : mlSay(before);
  // The news of the day before the range: the models read the last 24 h at the first minute.
  const past = new SentimentHistory(news ? trainingDates.slice(-1).flatMap((date) => news(date)) : []);
  let headlines = 0;
  const predictor = new ReplayMlPredictor({
    ensemble,
    say,
    sectorOf,
    dailyCloses: training.closes(),
    ...(news && { sentimentAt: (now: number) => past.readerAt(now) }),
  });
  return {
    source: mlEnsemble(predictor),
    sessions: sessions.map((session) => ({
      ...session,
      bars: () => {
        const bars = session.bars();
        if (news) {
          const items = news(session.date);
          headlines += items.length;
          past.append(items);
        }
        return bars;
      },
    })),
    report: () => ({
      signals,
      news: news !== null,
      say,
      sayReason: sayReason(signals, say, trainingDates.length, before),
      trainedSessions: trainingDates.length,
      before,
      headlines,
      tally: predictor.tally(),
    }),
  };
}

const points = (share: number) => `${(share * 100).toFixed(1)} points`;

function sayReason(
  signals: 'ml' | 'ml_full',
  say: number,
  sessions: number,
  before: WalkForwardReport | null,
): string {
  if (signals === 'ml_full')
    return 'Full say, as chosen for this run: the edge measured before the range was not consulted.';
  if (sessions === 0)
    return 'No sessions before the range to train and measure the ensemble on, so no say (as live without a measured edge): start the range later, store earlier candles, or choose full say.';
  if (!before?.edgeInterval)
    return `Too few sessions before the range (${sessions}) to measure an edge, so no say (as live): start the range later, or choose full say.`;
  const [low, high] = before.edgeInterval;
  const measured = `Before the range its edge over always-up and a coin was ${points(before.edge)} (95 % interval ${points(low)} to ${points(high)})`;
  if (say === 0) return `${measured}: no edge shown, so no say, as live.`;
  return `${measured}: an edge shown, so ${Math.round(say * 100)} % of its say, as live.`;
}

/**
 * The sessions before the range as the walk-forward reads them: the run's symbols, each session's
 * closes recorded as it is read (the walk-forward reads the day before's close and the daily series).
 */
function trainingHistory(
  history: BacktestHistory,
  dates: readonly IstDate[],
  chosen: ReadonlySet<string> | null,
  sectorOf: (symbol: string) => string | undefined,
): { history: TrainingHistory; closes: () => Map<string, number[]> } {
  const closes = new Map<string, number[]>();
  function* sessionBarSteps(date: string): Steps<ReadonlyMap<string, readonly Candle[]>> {
    const all = history.sessionBars(date);
    yield;
    const bars = onMinuteGrid(chosen ? new Map([...all].filter(([symbol]) => chosen.has(symbol))) : all);
    const index = dates.indexOf(date);
    for (const [symbol, series] of bars) {
      const last = series.at(-1);
      if (!last) continue;
      const daily = closes.get(symbol) ?? [];
      daily[index] = last.close;
      closes.set(symbol, daily);
    }
    return bars;
  }
  return {
    history: {
      dates,
      sessionBarSteps,
      dailyCloses: (symbol) => closes.get(symbol) ?? [],
      sectorOf,
    },
    closes: () =>
      new Map(
        [...closes].map(([symbol, daily]) => [symbol, daily.filter((close) => Number.isFinite(close))]),
      ),
  };
}

const MINUTE_MS = 60_000;

/**
 * A session's bars on one minute grid, as the walk-forward reads them (by index: the outcome 30 bars on,
 * every stock's bar of the same minute side by side). Stored candles have gaps: a missing minute is a
 * flat bar at the last close (no trade, no volume), and a stock with bars in fewer than half the
 * session's minutes is left out rather than mostly made up. Generated sessions are whole already.
 */
export function onMinuteGrid(bars: ReadonlyMap<string, readonly Candle[]>): Map<string, Candle[]> {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const series of bars.values()) {
    if (series.length === 0) continue;
    first = Math.min(first, series[0]!.openTime);
    last = Math.max(last, series.at(-1)!.openTime);
  }
  if (!Number.isFinite(first)) return new Map();
  const minutes = (last - first) / MINUTE_MS + 1;
  const whole = [...bars.values()].every((series) => series.length === minutes);
  if (whole) return new Map([...bars].map(([symbol, series]) => [symbol, [...series]]));
  const grid = new Map<string, Candle[]>();
  for (const [symbol, series] of bars) {
    if (series.length < minutes / 2) continue;
    const filled: Candle[] = [];
    let next = 0;
    let close = series[0]!.open;
    for (let minute = 0; minute < minutes; minute++) {
      const openTime = first + minute * MINUTE_MS;
      const bar = series[next];
      if (bar && bar.openTime === openTime) {
        filled.push(bar);
        close = bar.close;
        next += 1;
      } else {
        filled.push({ ...series[0]!, openTime, open: close, high: close, low: close, close, volume: 0 });
      }
    }
    grid.set(symbol, filled);
  }
  return grid;
}
