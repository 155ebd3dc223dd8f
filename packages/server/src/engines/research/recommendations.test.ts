import type { Signal } from '../strategy';
import { riskBand, toRecommendation } from './recommendations';

const signal = (direction: Signal['direction'], confidence = 0.72): Signal => ({
  symbol: 'INFY',
  direction,
  score: 0.41234,
  confidence,
  reasons: [
    'score 0.41 = 0.50×momentum 0.60 + 0.50×mean-reversion 0.22; agreement 1.00',
    'momentum: 20-bar return +1.2 %',
  ],
});
const phase3 = { emergencyStopLossPercent: 7 };

describe('research recommendations', () => {
  it('gives a BUY the exit rules’ stop and target for a position bought at the last price', () => {
    // ₹1,500.00: stop 7 % below = ₹1,395.00; target 2 × 7 % = 14 % above = ₹1,710.00; risk ₹105.00 (7 %).
    const row = toRecommendation(
      { signal: signal('BUY'), pricePaise: 150_000, dailyVolatilityPercent: 1.5 },
      phase3,
    );
    expect(row).toMatchObject({
      symbol: 'INFY',
      signal: 'BUY',
      confidence: 0.72,
      score: 0.412,
      price: 1500,
      stop: 1395,
      target: 1710,
      risk: 105,
      risk_percent: 7,
      // 7 % / 1.5 % = 4.7 daily moves away: Low.
      risk_band: 'Low',
    });
    expect(row.reasons[1]).toBe('momentum: 20-bar return +1.2 %');
    expect(row.reasons.at(-1)).toMatch(/stop 7 % below the price, target 2× the stop distance/);
  });

  it('gives SELL and HOLD no target, stop or risk: they open nothing', () => {
    for (const direction of ['SELL', 'HOLD'] as const) {
      const row = toRecommendation(
        { signal: signal(direction), pricePaise: 150_000, dailyVolatilityPercent: 1 },
        phase3,
      );
      expect(row).toMatchObject({ signal: direction, target: null, stop: null, risk: null, risk_band: null });
    }
  });

  it('keeps confidence between 0 and 1', () => {
    const row = toRecommendation(
      { signal: signal('BUY', 1.3), pricePaise: 10_000, dailyVolatilityPercent: null },
      phase3,
    );
    expect(row.confidence).toBe(1);
    expect(row.risk_band).toBeNull();
  });

  it('bands the stop by how many daily moves away it sits', () => {
    expect(riskBand(7, 5)).toBe('High'); // 1.4 moves
    expect(riskBand(7, 3)).toBe('Moderate'); // 2.3 moves
    expect(riskBand(7, 2)).toBe('Low'); // 3.5 moves
    expect(riskBand(7, null)).toBeNull();
  });
});
