// Learned patterns (issue 15 item 5): each candle pattern the market pipeline detects, and each news
// event type, with how often the move it foretells came true over a stated horizon. Pure functions.
import type { LearnedPattern } from '@td/contracts';
import { due, runToEnd, type Steps } from '../../../core/time-slices';
import type { Candle } from '../../market/market-types';
import { BREAKOUT_LOOKBACK, type CandlePattern, detectPatterns } from '../../market/pipeline/candle-patterns';

export type ExpectedDirection = LearnedPattern['expected_direction'];

/** The textbook reading of each pattern: a doji foretells no direction, only the end of the prior move. */
export const CANDLE_PATTERN_DIRECTION: Readonly<Record<CandlePattern, ExpectedDirection>> = {
  bullish_engulfing: 'up',
  hammer: 'up',
  range_breakout_up: 'up',
  bearish_engulfing: 'down',
  range_breakout_down: 'down',
  doji: 'reversal',
};

/** Resolved occurrences a pattern needs before it counts as learned (and as an active pattern). */
export const MIN_RESOLVED_TO_LEARN = 20;

export interface PatternTally {
  occurrences: number;
  resolved: number;
  hits: number;
  sumForwardReturn: number;
}

const emptyTally = (): PatternTally => ({ occurrences: 0, resolved: 0, hits: 0, sumForwardReturn: 0 });

/**
 * Whether a forward return bore the pattern out: up wants a rise, down a fall, reversal a move against
 * the prior one (priorMove's sign). A flat forward return bears nothing out.
 */
export function isHit(expected: ExpectedDirection, forwardReturn: number, priorMove = 0): boolean {
  if (expected === 'up') return forwardReturn > 0;
  if (expected === 'down') return forwardReturn < 0;
  return priorMove !== 0 && forwardReturn !== 0 && Math.sign(forwardReturn) !== Math.sign(priorMove);
}

/**
 * Runs the pipeline's pattern detector over every bar of every series (as it would have fired on that
 * bar's close) and scores each occurrence by the close `horizonBars` later.
 */
export function tallyCandlePatterns(
  series: readonly (readonly Candle[])[],
  horizonBars: number,
): Map<CandlePattern, PatternTally> {
  return runToEnd(tallyCandlePatternSteps(series, horizonBars));
}

/** tallyCandlePatterns as steps: a yield every 256 bars and after each series (core/time-slices). */
export function* tallyCandlePatternSteps(
  series: readonly (readonly Candle[])[],
  horizonBars: number,
): Steps<Map<CandlePattern, PatternTally>> {
  const tallies = new Map<CandlePattern, PatternTally>();
  for (const bars of series) {
    for (let i = 1; i < bars.length; i += 1) {
      if (due(i, 256)) yield;
      const window = bars.slice(Math.max(0, i - BREAKOUT_LOOKBACK), i + 1);
      for (const pattern of detectPatterns(window)) {
        const tally = tallies.get(pattern) ?? emptyTally();
        tallies.set(pattern, tally);
        tally.occurrences += 1;
        const later = bars[i + horizonBars];
        const close = bars[i]!.close;
        if (!later || !(close > 0)) continue;
        const forward = later.close / close - 1;
        const prior = close - bars[i - 1]!.close;
        tally.resolved += 1;
        tally.sumForwardReturn += forward;
        if (isHit(CANDLE_PATTERN_DIRECTION[pattern], forward, prior)) tally.hits += 1;
      }
    }
    yield;
  }
  return tallies;
}

export function learnedPattern(
  name: string,
  kind: LearnedPattern['kind'],
  expected: ExpectedDirection,
  tally: PatternTally,
  horizon: string,
): LearnedPattern {
  return {
    name,
    kind,
    expected_direction: expected,
    occurrences: tally.occurrences,
    resolved: tally.resolved,
    hits: tally.hits,
    hit_rate: tally.resolved > 0 ? tally.hits / tally.resolved : null,
    avg_forward_return: tally.resolved > 0 ? tally.sumForwardReturn / tally.resolved : null,
    horizon,
    learned: tally.resolved >= MIN_RESOLVED_TO_LEARN,
  };
}

/** Every pattern seen in the series, named with its timeframe ("hammer · daily"), with its hit rate. */
export function learnedCandlePatterns(
  series: readonly (readonly Candle[])[],
  horizonBars: number,
  timeframe: string,
  horizon: string,
): LearnedPattern[] {
  return [...tallyCandlePatterns(series, horizonBars)].map(([pattern, tally]) =>
    learnedPattern(`${pattern} · ${timeframe}`, 'candle', CANDLE_PATTERN_DIRECTION[pattern], tally, horizon),
  );
}

/** One news event whose horizon has passed: what its sentiment foretold and what the price did. */
export interface NewsEventOutcome {
  eventType: string;
  /** The headline's lexicon score sign: positive foretells a rise. */
  expected: 'up' | 'down';
  /** null while the horizon has not passed. */
  forwardReturn: number | null;
}

/** News event types by polarity ("results · positive"), each scored like a candle pattern. */
export function newsEventPatterns(outcomes: readonly NewsEventOutcome[], horizon: string): LearnedPattern[] {
  const tallies = new Map<string, { expected: 'up' | 'down'; tally: PatternTally }>();
  for (const outcome of outcomes) {
    const name = `${outcome.eventType} · ${outcome.expected === 'up' ? 'positive' : 'negative'}`;
    const entry = tallies.get(name) ?? { expected: outcome.expected, tally: emptyTally() };
    tallies.set(name, entry);
    entry.tally.occurrences += 1;
    if (outcome.forwardReturn === null || !Number.isFinite(outcome.forwardReturn)) continue;
    entry.tally.resolved += 1;
    entry.tally.sumForwardReturn += outcome.forwardReturn;
    if (isHit(outcome.expected, outcome.forwardReturn)) entry.tally.hits += 1;
  }
  return sortPatterns(
    [...tallies].map(([name, { expected, tally }]) =>
      learnedPattern(name, 'news_event', expected, tally, horizon),
    ),
  );
}

/**
 * The insight build's candle patterns as steps: the daily bars scored one session on, the 1-minute
 * bars `minuteHorizonBars` on, sorted together (the same list learnedCandlePatterns gives for each).
 */
export function* learnedCandlePatternSteps(
  daily: readonly (readonly Candle[])[],
  minute: readonly (readonly Candle[])[],
  minuteHorizonBars: number,
): Steps<LearnedPattern[]> {
  const named = (tallies: Map<CandlePattern, PatternTally>, timeframe: string, horizon: string) =>
    [...tallies].map(([pattern, tally]) =>
      learnedPattern(
        `${pattern} · ${timeframe}`,
        'candle',
        CANDLE_PATTERN_DIRECTION[pattern],
        tally,
        horizon,
      ),
    );
  const dailyTallies = yield* tallyCandlePatternSteps(daily, 1);
  const minuteTallies = yield* tallyCandlePatternSteps(minute, minuteHorizonBars);
  return sortPatterns([
    ...named(dailyTallies, 'daily', '1 session'),
    ...named(minuteTallies, '1-minute', `${minuteHorizonBars} minutes`),
  ]);
}

/** Learned first, then by hit rate, then by evidence: the screen shows the first 3. */
export function sortPatterns(patterns: LearnedPattern[]): LearnedPattern[] {
  return patterns.sort(
    (a, b) =>
      Number(b.learned) - Number(a.learned) ||
      (b.hit_rate ?? -1) - (a.hit_rate ?? -1) ||
      b.resolved - a.resolved,
  );
}
