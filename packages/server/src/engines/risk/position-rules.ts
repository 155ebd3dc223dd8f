// Per-position suggestions and the hold / reduce / exit rule (docs/decisions/0013-risk-formulas.md).
import { RISK_SCORE_BANDS, type RiskLevel, type RiskRecommendation } from '@td/contracts';

/** The stop sits this many daily standard deviations below the price, the target 1.5 × as far above. */
export const STOP_DAILY_STDS = 2;
export const TARGET_DAILY_STDS = 3;
/** A position is sold at no more than this share of the stock's average daily traded value per day. */
export const LIQUIDITY_PARTICIPATION = 0.1;
/** Sessions the average daily traded value is taken over (ADV20). */
export const ADV_SESSIONS = 20;

/** price × (1 − 2σ): two daily standard deviations below today's price; null without a σ. */
export function stopLossSuggestion(price: number, dailyStd: number | null): number | null {
  return dailyStd === null ? null : Math.max(0, price * (1 - STOP_DAILY_STDS * dailyStd));
}

/** price × (1 + 3σ): a reward of 1.5 × the stop's distance. */
export function targetPrice(price: number, dailyStd: number | null): number | null {
  return dailyStd === null ? null : price * (1 + TARGET_DAILY_STDS * dailyStd);
}

/** Mean of volume × close over the last ADV20 sessions (money per session); null without a session. */
export function averageDailyTradedValue(bars: readonly { close: number; volume: number }[]): number | null {
  const recent = bars.slice(-ADV_SESSIONS);
  if (recent.length === 0) return null;
  let sum = 0;
  for (const bar of recent) sum += bar.close * bar.volume;
  return sum / recent.length;
}

/**
 * 1 / (1 + days to exit), days to exit = value / (10 % of the average daily traded value): 1 for a
 * position sold in a moment, 0.5 when selling it takes a full session at 10 % participation.
 */
export function liquidityScore(value: number, averageTradedValue: number | null): number | null {
  if (averageTradedValue === null || averageTradedValue <= 0) return null;
  const daysToExit = value / (LIQUIDITY_PARTICIPATION * averageTradedValue);
  return 1 / (1 + daysToExit);
}

export interface RecommendationInput {
  price: number;
  avgPrice: number;
  dailyStd: number | null;
  /** The position's share of the account's equity, and the most one stock may hold, fractions. */
  equityShare: number;
  maxEquityShare: number;
  /** Whose cap `maxEquityShare` is, as the rule names it: "the Expansion phase’s limit", "your single-stock limit". */
  limitName: string;
  score: number | null;
  level: RiskLevel | null;
}

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

/**
 * The first rule that holds: exit when the price is below the average cost by more than two daily
 * standard deviations (the loss is past the stop); reduce when the position is above its share of
 * equity (the trader's single-stock limit, else the phase's) or its risk is high; else hold. Each answer carries the sentence that chose it.
 */
export function recommendPosition(input: RecommendationInput): {
  recommendation: RiskRecommendation;
  rule: string;
} {
  const { price, avgPrice, dailyStd } = input;
  if (dailyStd !== null && avgPrice > 0) {
    const fall = (avgPrice - price) / avgPrice;
    const stop = STOP_DAILY_STDS * dailyStd;
    if (fall > stop) {
      return {
        recommendation: 'exit',
        rule: `Exit: the price is ${pct(fall)} below the average cost, past the stop of two daily standard deviations (2 × ${pct(dailyStd)} = ${pct(stop)}).`,
      };
    }
  }
  if (input.equityShare > input.maxEquityShare) {
    return {
      recommendation: 'reduce',
      rule: `Reduce: the position is ${pct(input.equityShare)} of equity, above ${input.limitName} of ${pct(input.maxEquityShare)}.`,
    };
  }
  if (input.level === 'high' && input.score !== null) {
    return {
      recommendation: 'reduce',
      rule: `Reduce: its risk score ${input.score.toFixed(2)} is high (${RISK_SCORE_BANDS.mediumBelow} or more).`,
    };
  }
  if (dailyStd === null) {
    return {
      recommendation: 'hold',
      rule: `Hold: too little price history to set a stop; the position is ${pct(input.equityShare)} of equity (limit ${pct(input.maxEquityShare)}).`,
    };
  }
  return {
    recommendation: 'hold',
    rule: `Hold: the price is within two daily standard deviations (${pct(STOP_DAILY_STDS * dailyStd)}) of the average cost, the position is ${pct(input.equityShare)} of equity (limit ${pct(input.maxEquityShare)}) and its risk is ${input.level ?? 'not scored'}.`,
  };
}
