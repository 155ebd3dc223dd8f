import type { Candle } from '../market/market-types';
import type { HistoryGenerator } from '../market/simulator/history-generator';
import type { NewswireInstrument } from '../market/simulator/newswire-event';
import { pastNewswireEvents } from '../market/simulator/past-newswire-events';
import type { TrainingHistory } from './models/walk-forward';
import { HeadlineScoring } from './news/headline-scoring';
import type { StoredHeadline } from './news/headline-store';
import { SentimentHistory } from './news/sentiment-history';
import { headlineFromEvent } from './news/sources/newswire-source';

/** A past session's headlines: what a replay reads as that session's news. */
export type SessionNews = (date: string) => StoredHeadline[];

/**
 * The simulated newswire's news of generated past sessions (the events the news pipeline loads at a
 * fresh start, from the same seed and bars), tagged and scored as the pipeline scores them.
 */
export function generatedSessionNews(
  instruments: readonly NewswireInstrument[],
  seed: number,
  /** Every symbol's bars of the session (the news is read from the whole market's moves). */
  sessionBars: (date: string) => ReadonlyMap<string, readonly Candle[]>,
  eventsPerHour = 4,
): SessionNews {
  const scoring = new HeadlineScoring();
  return (date) => {
    if (eventsPerHour <= 0) return [];
    const barsBySymbol = sessionBars(date);
    return pastNewswireEvents(instruments, [{ date, barsBySymbol }], seed, eventsPerHour).map((event) =>
      scoring.score(headlineFromEvent(event), event.id),
    );
  };
}

/** The news of a generated history's sessions: its own instruments, seed and bars. */
export function newsOfGeneratedHistory(
  generator: Pick<HistoryGenerator, 'recipe' | 'sessionBars'>,
  eventsPerHour = 4,
): SessionNews {
  const { instruments, seed } = generator.recipe();
  return generatedSessionNews(instruments, seed, (date) => generator.sessionBars(date), eventsPerHour);
}

/**
 * The history with its sessions' news: each session's headlines join the record as its bars are read,
 * and the models read the news as it stood at each replayed minute (never a later headline).
 */
export function withPastNews(history: TrainingHistory, news: SessionNews): TrainingHistory {
  const past = new SentimentHistory([]);
  return {
    dates: history.dates,
    dailyCloses: (symbol) => history.dailyCloses(symbol),
    sectorOf: (symbol) => history.sectorOf(symbol),
    *sessionBarSteps(date) {
      const bars = yield* history.sessionBarSteps(date);
      past.append(news(date));
      return bars;
    },
    sentimentAt: (now) => past.readerAt(now),
  };
}
