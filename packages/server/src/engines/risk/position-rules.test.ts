import {
  averageDailyTradedValue,
  liquidityScore,
  recommendPosition,
  stopLossSuggestion,
  targetPrice,
} from './position-rules';

const base = {
  price: 100,
  avgPrice: 100,
  dailyStd: 0.02,
  equityShare: 0.03,
  maxEquityShare: 0.05,
  limitName: 'the Expansion phase’s limit',
  score: 0.4,
  level: 'medium' as const,
};

describe('position suggestions', () => {
  it('puts the stop 2 σ below and the target 3 σ above today’s price', () => {
    // σ 2 %: ₹100 × (1 − 4 %) = ₹96; ₹100 × (1 + 6 %) = ₹106
    expect(stopLossSuggestion(100, 0.02)).toBeCloseTo(96, 10);
    expect(targetPrice(100, 0.02)).toBeCloseTo(106, 10);
    expect(stopLossSuggestion(100, null)).toBeNull();
  });

  it('scores liquidity from the days a 10 % participation takes to sell the position', () => {
    // ADV over the last 20 sessions: 21 sessions of ₹10 × 1,000 shares, the oldest at ₹1 ignored → ₹10,000
    const bars = [
      { close: 1, volume: 1000 },
      ...Array.from({ length: 20 }, () => ({ close: 10, volume: 1000 })),
    ];
    expect(averageDailyTradedValue(bars)).toBe(10_000);
    // ₹1,000 at 10 % of ₹10,000 a day = 1 day → 1 / (1 + 1) = 0.5; ₹100 → 0.1 day → 0.909
    expect(liquidityScore(1_000, 10_000)).toBe(0.5);
    expect(liquidityScore(100, 10_000)).toBeCloseTo(1 / 1.1, 10);
    expect(liquidityScore(100, null)).toBeNull();
  });
});

describe('hold, reduce or exit', () => {
  it('exits when the loss from the average cost is past two daily standard deviations', () => {
    // 5 % down with σ 2 %: past the 4 % stop
    const { recommendation, rule } = recommendPosition({ ...base, price: 95 });
    expect(recommendation).toBe('exit');
    expect(rule).toBe(
      'Exit: the price is 5.0 % below the average cost, past the stop of two daily standard deviations (2 × 2.0 % = 4.0 %).',
    );
  });

  it('reduces a position above the phase’s share of equity', () => {
    const { recommendation, rule } = recommendPosition({ ...base, equityShare: 0.08 });
    expect(recommendation).toBe('reduce');
    expect(rule).toBe('Reduce: the position is 8.0 % of equity, above the Expansion phase’s limit of 5.0 %.');
  });

  it('names the trader’s single-stock limit when that is the cap', () => {
    const { rule } = recommendPosition({
      ...base,
      equityShare: 0.08,
      maxEquityShare: 0.06,
      limitName: 'your single-stock limit',
    });
    expect(rule).toBe('Reduce: the position is 8.0 % of equity, above your single-stock limit of 6.0 %.');
  });

  it('reduces a position whose risk score is high', () => {
    const { recommendation, rule } = recommendPosition({ ...base, score: 0.75, level: 'high' });
    expect(recommendation).toBe('reduce');
    expect(rule).toBe('Reduce: its risk score 0.75 is high (0.7 or more).');
  });

  it('holds otherwise, saying what it checked', () => {
    const { recommendation, rule } = recommendPosition({ ...base, price: 97 });
    expect(recommendation).toBe('hold');
    expect(rule).toBe(
      'Hold: the price is within two daily standard deviations (4.0 %) of the average cost, the position is 3.0 % of equity (limit 5.0 %) and its risk is medium.',
    );
  });
});
