import type { VolatilityLevel } from '../../analytics/realised-volatility';
import { formatRupeesForMessage as rupees } from '../../broker/limits';
import type { Signal } from '../../signals';
import type { TradingPhase } from '../phases';
import type { AllocationContext } from './loop-allocation';

/** spec part 1 §9: the percent shown when nothing could be measured (no signals ranked). */
export const FALLBACK_AI_PERCENT = 4.2;
/** The AI percent stays within the limits panel's 1.0–4.0 % (spec part 1 §2). */
const AI_PERCENT = { min: 1.0, base: 1.5, max: 4.0 } as const;
/** This many qualified BUY signals are a full day's worth of opportunities (the loop's four slices). */
const FULL_OPPORTUNITIES = 4;
const VOLATILITY_FACTOR: Record<VolatilityLevel, number> = {
  Low: 1,
  Moderate: 0.85,
  High: 0.6,
  Unknown: 0.85,
};
/** Drawdown bands (percent below the peak, lower bound) and the factor each applies. */
const DRAWDOWN_BANDS = [
  { from: 10, factor: 0.4 },
  { from: 5, factor: 0.6 },
  { from: 2, factor: 0.8 },
  { from: 0, factor: 1 },
] as const;

export interface AiAllocationInput {
  capitalPaise: number;
  signals: readonly Signal[];
  phase: Pick<TradingPhase, 'name' | 'minMLConfidence' | 'maxPositionPercent' | 'maxDailyLossPercent'>;
  context: AllocationContext;
}

export interface AiAllocation {
  allocationPaise: number;
  percent: number;
  /** 0..1 */
  confidence: number;
  riskAssessment: 'low' | 'medium' | 'high';
  reasoning: string[];
  expectedOpportunities: number;
  fallback: boolean;
}

const two = (value: number) => value.toFixed(2);
const one = (value: number) => value.toFixed(1);

/**
 * ai_optimized's percent from measured inputs (docs/decisions/0015): 1.5 % + 2.5 % × the strength
 * of today's opportunities (average confidence of the BUY signals at or above the phase minimum,
 * scaled by how many of FULL_OPPORTUNITIES there are), times a factor for the realised volatility
 * regime and one for the account's drawdown, kept within 1.0–4.0 % and the phase's position caps.
 * Each reasoning line cites the figure it rests on.
 */
export function recommendAllocation(input: AiAllocationInput): AiAllocation {
  const { phase, context } = input;
  const capital = Math.max(0, Math.floor(input.capitalPaise));
  const buys = input.signals.filter((signal) => signal.direction === 'BUY');
  const qualified = buys.filter((signal) => signal.confidence >= phase.minMLConfidence);
  const average = (list: readonly Signal[]) =>
    list.length === 0 ? 0 : list.reduce((sum, s) => sum + s.confidence, 0) / list.length;
  const reasoning: string[] = [];
  if (input.signals.length === 0) {
    const amount = percentOfCapital(capital, FALLBACK_AI_PERCENT);
    return {
      allocationPaise: amount,
      percent: FALLBACK_AI_PERCENT,
      confidence: 0,
      riskAssessment: 'medium',
      reasoning: [
        `No signals ranked yet (0 symbols with one-minute bars): showing the fallback ${FALLBACK_AI_PERCENT} % of ${rupees(capital)} = ${rupees(amount)}`,
      ],
      expectedOpportunities: 0,
      fallback: true,
    };
  }
  const strength = average(qualified) * Math.min(1, qualified.length / FULL_OPPORTUNITIES);
  reasoning.push(
    `${buys.length} BUY signal${buys.length === 1 ? '' : 's'}, average confidence ${two(average(buys))}; ${qualified.length} at or above the ${phase.name} phase minimum ${phase.minMLConfidence}`,
  );
  const raw = AI_PERCENT.base + (AI_PERCENT.max - AI_PERCENT.base) * strength;
  reasoning.push(
    `Opportunity strength ${two(strength)} (average confidence ${two(average(qualified))} × ${Math.min(qualified.length, FULL_OPPORTUNITIES)}/${FULL_OPPORTUNITIES} opportunities): ${AI_PERCENT.base} % + ${AI_PERCENT.max - AI_PERCENT.base} % × ${two(strength)} = ${two(raw)} %`,
  );

  const level = context.volatility?.level ?? 'Unknown';
  const volatilityFactor = VOLATILITY_FACTOR[level];
  reasoning.push(
    context.volatility?.percent !== null && context.volatility?.percent !== undefined
      ? `NIFTY 50 realised volatility ${two(context.volatility.percent)} % (${level}): allocation × ${volatilityFactor}`
      : `NIFTY 50 realised volatility not measured yet (too few daily closes): treated as Moderate, allocation × ${volatilityFactor}`,
  );

  const drawdown = context.drawdownPercent;
  const drawdownFactor =
    drawdown === null ? 1 : (DRAWDOWN_BANDS.find((band) => drawdown >= band.from)?.factor ?? 1);
  reasoning.push(
    drawdown === null
      ? 'Account drawdown not measured yet (no trading history): allocation × 1'
      : `Account ${one(drawdown)} % below its peak equity: allocation × ${drawdownFactor}`,
  );

  // A day's budget beyond what its positions could hold at the phase cap would sit idle.
  const phaseCap = phase.maxPositionPercent * Math.max(1, qualified.length);
  const percent = round1(
    Math.min(AI_PERCENT.max, phaseCap, Math.max(AI_PERCENT.min, raw * volatilityFactor * drawdownFactor)),
  );
  reasoning.push(
    `${phase.name} phase caps a position at ${phase.maxPositionPercent} % of capital and a day's loss at ${phase.maxDailyLossPercent} %; the allocation stays within ${AI_PERCENT.min}–${AI_PERCENT.max} %`,
  );
  const amount = percentOfCapital(capital, percent);
  reasoning.push(`Recommended ${one(percent)} % of ${rupees(capital)} = ${rupees(amount)} today`);

  const riskAssessment =
    level === 'High' || (drawdown ?? 0) >= 5
      ? 'high'
      : level === 'Low' && (drawdown ?? 0) < 2
        ? 'low'
        : 'medium';
  const confidence = round2(average(qualified) * (context.volatility?.percent == null ? 0.75 : 1));
  return {
    allocationPaise: amount,
    percent,
    confidence,
    riskAssessment,
    reasoning,
    expectedOpportunities: qualified.length,
    fallback: false,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

function percentOfCapital(capitalPaise: number, percent: number): number {
  return Math.floor((capitalPaise * Math.round(percent * 100)) / 10_000);
}
