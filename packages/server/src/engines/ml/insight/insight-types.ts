// The insight engine's snapshot and trend types (insight-engine.ts builds them, the reports read them).
import type { EnsembleStatus, LearnedPattern, OnlineLearningStatus } from '@td/contracts';
import type { JudgedCounts } from './health';
import type { graphFigures } from './knowledge-graph';
import type { readTrades } from './readings';

/** Why a part could not be read in the last build; null when it was. */
export interface SourceProblems {
  news: string | null;
  models: string | null;
  trades: string | null;
}

export interface InsightSnapshot {
  builtAt: number;
  graph: ReturnType<typeof graphFigures> & { sessions: number; threshold: number };
  candlePatterns: LearnedPattern[];
  newsPatterns: LearnedPattern[];
  ensemble: EnsembleStatus | null;
  online: OnlineLearningStatus | null;
  /** Resolved predictions and closed trades, and how many of them were right. */
  judged: JudgedCounts;
  trades: ReturnType<typeof readTrades>;
  /** The ledger's count of closed trades when this build read the ledger: a later count that differs asks for a new build. */
  ledgerClosedTrades: number | null;
  /** Scored headlines the news pipeline handed over in this build. */
  headlinesRead: number;
  problems: SourceProblems;
}

/** A build's cumulative counters, kept for a day: trends and "recent" figures are differences of these. */
export interface HistoryPoint {
  at: number;
  overallHealth: number | null;
  modelUpdates: number;
  /** News outcomes resolved since start (candle tallies are re-measured whole each build). */
  patternObservations: number;
  rebalances: number;
  judged: JudgedCounts;
}
