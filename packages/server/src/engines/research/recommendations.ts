import type { ResearchRecommendation } from '@td/contracts';
import { EXIT_RULES, type ExitRules, exitLevels, type Signal, type TradingPhase } from '../strategy';

export type RiskBand = 'Low' | 'Moderate' | 'High';

/**
 * The risk band compares the stop's distance with the stock's own daily volatility: a stop within
 * 1.5 daily moves is likely to be hit (High), within 3 Moderate, further away Low.
 */
export const RISK_BAND_HIGH_BELOW = 1.5;
export const RISK_BAND_MODERATE_BELOW = 3;

export interface RecommendationInput {
  signal: Signal;
  /** Last price, paise; undefined when the feed has none for the symbol. */
  pricePaise: number | undefined;
  /** The symbol's daily volatility, percent; null when unknown. */
  dailyVolatilityPercent: number | null;
}

const rupees = (paise: number) => Math.round(paise) / 100;
const round2 = (value: number) => Math.round(value * 100) / 100;

export function riskBand(stopPercent: number, dailyVolatilityPercent: number | null): RiskBand | null {
  if (dailyVolatilityPercent === null || !(dailyVolatilityPercent > 0)) return null;
  const moves = stopPercent / dailyVolatilityPercent;
  return moves < RISK_BAND_HIGH_BELOW ? 'High' : moves < RISK_BAND_MODERATE_BELOW ? 'Moderate' : 'Low';
}

/**
 * One signal as research shows it. A BUY carries the exit rules' levels for a position bought at
 * the last price (the phase's stop, the target a multiple above); SELL and HOLD open nothing, so
 * they carry no target or stop.
 */
export function toRecommendation(
  { signal, pricePaise, dailyVolatilityPercent }: RecommendationInput,
  phase: Pick<TradingPhase, 'emergencyStopLossPercent'>,
  rules: ExitRules = EXIT_RULES,
): Omit<ResearchRecommendation, 'in_nifty_50'> {
  const price = pricePaise !== undefined && pricePaise > 0 ? pricePaise : null;
  const levels =
    signal.direction === 'BUY' && price !== null
      ? exitLevels({ quantity: 1, costPaise: price }, phase, rules)
      : null;
  const riskPaise = levels && price !== null ? price - levels.stopLossPaise : null;
  const riskPercent = riskPaise !== null && price !== null ? round2((riskPaise / price) * 100) : null;
  const reasons = [...signal.reasons];
  if (levels) {
    reasons.push(
      `exit rules: stop ${phase.emergencyStopLossPercent} % below the price, target ${rules.targetMultiple}× the stop distance above it`,
    );
  }
  return {
    symbol: signal.symbol,
    signal: signal.direction,
    confidence: Math.round(Math.max(0, Math.min(1, signal.confidence)) * 1000) / 1000,
    score: Math.round(signal.score * 1000) / 1000,
    price: price === null ? 0 : rupees(price),
    target: levels ? rupees(levels.targetPaise) : null,
    stop: levels ? rupees(levels.stopLossPaise) : null,
    risk: riskPaise === null ? null : rupees(riskPaise),
    risk_percent: riskPercent,
    risk_band: riskPercent === null ? null : riskBand(riskPercent, dailyVolatilityPercent),
    reasons,
  };
}
