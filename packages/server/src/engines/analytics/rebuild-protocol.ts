import type { AnalyticsSource, PerformanceQuery } from '@td/contracts';
import type { BuiltFor, LoadTarget } from './analytics-loader';

/** The simulator's session closes by symbol (fixed for the process's life), sent to the worker once. */
export type ClosesBySymbol = ReadonlyMap<string, ReadonlyMap<string, number> | undefined>;

/** Build (or bring up to date) the history for `target`; the worker keeps it for the answers. */
export interface BuildRequest {
  type: 'build';
  target: LoadTarget;
  nowMs: number;
  /** Sent with the first build on a simulated feed; the worker keeps them. */
  closes?: ClosesBySymbol;
}

/** One reply's JSON text over the history last built, with the open lots marked at `prices`. */
export interface AnswerRequest {
  type: 'answer';
  kind: 'analytics' | 'returns';
  query: PerformanceQuery;
  prices: ReadonlyMap<string, number>;
  today: string;
  source: AnalyticsSource;
  riskFreeRatePercent: number;
}

export type RebuildRequest = BuildRequest | AnswerRequest;

/** What the main thread learns of a build: which rows it covers, and what an answer needs from it. */
export interface WorkerBuilt extends BuiltFor {
  replayed: boolean;
  /** The symbols of the open lots, whose live prices an answer is marked at. */
  openLotSymbols: string[];
}

export type RebuildReply =
  | { id: number; ok: true; value: WorkerBuilt | string }
  | { id: number; ok: false; message: string };
