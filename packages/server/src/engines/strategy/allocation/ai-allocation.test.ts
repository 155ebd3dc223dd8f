import type { Signal } from '../../signals';
import { TRADING_PHASES } from '../phases';
import { recommendAllocation } from './ai-allocation';

const TEN_LAKH = 10_00_000 * 100;
const expansion = TRADING_PHASES[2]!; // minimum confidence 0.65, positions 5 %, day loss 2.5 %
const signal = (symbol: string, confidence: number, direction: Signal['direction'] = 'BUY'): Signal => ({
  symbol,
  direction,
  score: 0.5,
  confidence,
  reasons: [],
});
const calm = { volatility: { level: 'Low' as const, percent: 10.5 }, drawdownPercent: 0.4 };

describe('recommendAllocation', () => {
  it('spends more on many confident signals in a calm market, citing each figure', () => {
    const signals = [
      signal('A', 0.8),
      signal('B', 0.7),
      signal('C', 0.9),
      signal('D', 0.6),
      signal('E', 0.9, 'SELL'),
    ];
    const ai = recommendAllocation({ capitalPaise: TEN_LAKH, signals, phase: expansion, context: calm });
    // Qualified: A, B, C (≥ 0.65), average 0.80, 3 of 4 opportunities → strength 0.60 → 1.5 + 2.5 × 0.6 = 3.0 %.
    expect(ai).toMatchObject({
      percent: 3,
      allocationPaise: 30_000_00,
      expectedOpportunities: 3,
      confidence: 0.8,
      riskAssessment: 'low',
      fallback: false,
    });
    expect(ai.reasoning).toEqual([
      '4 BUY signals, average confidence 0.75; 3 at or above the Expansion phase minimum 0.65',
      'Opportunity strength 0.60 (average confidence 0.80 × 3/4 opportunities): 1.5 % + 2.5 % × 0.60 = 3.00 %',
      'NIFTY 50 realised volatility 10.50 % (Low): allocation × 1',
      'Account 0.4 % below its peak equity: allocation × 1',
      "Expansion phase caps a position at 5 % of capital and a day's loss at 2.5 %; the allocation stays within 1–4 %",
      'Recommended 3.0 % of ₹10,00,000 = ₹30,000 today',
    ]);
  });

  it('cuts the allocation in a volatile market and a deep drawdown, down to the 1 % floor', () => {
    const signals = [signal('A', 0.8), signal('B', 0.8), signal('C', 0.8), signal('D', 0.8)];
    const ai = recommendAllocation({
      capitalPaise: TEN_LAKH,
      signals,
      phase: expansion,
      context: { volatility: { level: 'High', percent: 31 }, drawdownPercent: 12 },
    });
    // 3.5 % × 0.6 (High) × 0.4 (≥ 10 % drawdown) = 0.84 % → the 1.0 % floor.
    expect(ai).toMatchObject({ percent: 1, allocationPaise: 10_000_00, riskAssessment: 'high' });
    expect(ai.reasoning).toContain('Account 12.0 % below its peak equity: allocation × 0.4');
  });

  it('says when volatility and drawdown are not measured, and trusts itself less', () => {
    const ai = recommendAllocation({
      capitalPaise: TEN_LAKH,
      signals: [signal('A', 0.6)],
      phase: expansion,
      context: { volatility: null, drawdownPercent: null },
    });
    expect(ai).toMatchObject({ expectedOpportunities: 0, confidence: 0, riskAssessment: 'medium' });
    // No qualified signal: 1.5 % × 0.85 = 1.3 %.
    expect(ai.percent).toBe(1.3);
    expect(ai.reasoning[2]).toMatch(/not measured yet .* treated as Moderate/);
    expect(ai.reasoning[3]).toMatch(/drawdown not measured yet/);
  });

  it('shows the spec fallback 4.2 % when no signal could be ranked', () => {
    const ai = recommendAllocation({ capitalPaise: TEN_LAKH, signals: [], phase: expansion, context: calm });
    expect(ai).toMatchObject({
      percent: 4.2,
      allocationPaise: 42_000_00,
      fallback: true,
      expectedOpportunities: 0,
    });
    expect(ai.reasoning[0]).toMatch(/fallback 4\.2 % of ₹10,00,000 = ₹42,000/);
  });
});
