import type { HistoryGenerator } from '../market/simulator/history-generator';
import type { TrainingHistory } from './models/walk-forward';
import { HeadlineScoring } from './news/headline-scoring';
import type { StoredHeadline } from './news/headline-store';
import { SentimentHistory } from './news/sentiment-history';
import { headlineFromEvent } from './news/sources/newswire-source';

/** A past session's headlines: what a replay reads as that session's news. */
export type SessionNews = (date: string) => StoredHeadline[];

/**
 * The news of a generated history's sessions (the events that moved its bars, from the live newswire's
 * own process; the news pipeline loads the same at a fresh start), tagged and scored as the pipeline
 * scores them.
 */
export function newsOfGeneratedHistory(generator: Pick<HistoryGenerator, 'sessionEvents'>): SessionNews {
  const scoring = new HeadlineScoring();
  return (date) =>
    generator.sessionEvents(date).map((event) => scoring.score(headlineFromEvent(event), event.id));
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
