import {
  annualisedReturn,
  calmarRatio,
  compoundedReturn,
  dailyRiskFree,
  drawdowns,
  sampleStd,
  sharpeRatio,
  sortinoRatio,
} from './formulas';

// Small textbook cases; the full worked example is performance-report.test.ts.
describe('formulas', () => {
  it('sample standard deviation uses N − 1', () => {
    // mean 5; squares 9 + 1 + 1 + 9 = 20; 20 / 3 = 6.667; √ = 2.582
    expect(sampleStd([2, 4, 6, 8])).toBeCloseTo(2.58199, 5);
    expect(sampleStd([1])).toBeNull();
  });

  it('turns an annual risk-free rate into a per-session one by compounding', () => {
    expect(dailyRiskFree(0.065)).toBeCloseTo(1.065 ** (1 / 252) - 1, 12); // 0.00024993
    expect(dailyRiskFree(0)).toBe(0);
  });

  it('Sharpe and Sortino with a zero risk-free rate', () => {
    const r = [0.01, -0.01, 0.02];
    // mean 0.00667; sample std √((0.0000111 + 0.0002778 + 0.0001778) / 2) = 0.015275;
    // 0.0066667 / 0.015275 = 0.436436 × √252 (15.8745) = 6.9282
    expect(sharpeRatio(r, 0)).toBeCloseTo(6.9282, 3);
    // downside √(0.01² / 3) = 0.0057735; 0.0066667 / 0.0057735 × √252 = 18.330
    expect(sortinoRatio(r, 0)).toBeCloseTo(18.33, 2);
    expect(sortinoRatio([0.01, 0.02], 0)).toBeNull(); // no session below the risk-free rate
    expect(sortinoRatio([0, 0, 0], 0.065)).toBeNull(); // flat: not −√252
  });

  it('CAGR over the days between the first and the last return, as quantstats counts them', () => {
    // A 57-day window whose returns run 56 days: 1.1^(365 / 56) − 1 = 0.8612, where counting both
    // ends (57) gave 1.1^(365 / 57) − 1 = 0.8410, 2 points lower.
    expect(annualisedReturn(0.1, 56, 57)).toBeCloseTo(0.861194, 6);
    expect(annualisedReturn(0.1, 29, 30)).toBeCloseTo(1.1 ** (365 / 29) - 1, 12);
    expect(annualisedReturn(0.1, 0, 30)).toBeNull(); // one session: no span to annualise over
  });

  it('CAGR only from 30 calendar days, Calmar only with a drawdown', () => {
    expect(annualisedReturn(0.1, 365)).toBeCloseTo(0.1, 12);
    expect(annualisedReturn(0.1, 29)).toBeNull();
    expect(annualisedReturn(-1, 400)).toBeNull();
    expect(calmarRatio(0.2, 0.1)).toBeCloseTo(2, 12);
    expect(calmarRatio(0.2, 0)).toBeNull();
  });

  it('compounds returns and finds the deepest drawdown of the compounded curve', () => {
    expect(compoundedReturn([0.1, -0.1])).toBeCloseTo(-0.01, 12); // 1.1 × 0.9 − 1
    // curve 1.1, 0.99, 1.089, 1.2: peak 1.1 (index 0), trough 0.99 (index 1), depth 0.1
    const dd = drawdowns([0.1, -0.1, 0.1, 0.1019284]);
    expect(dd.depth).toBeCloseTo(0.1, 12);
    expect([dd.peakIndex, dd.troughIndex]).toEqual([0, 1]);
    // a first-day loss falls from the start (index −1)
    expect(drawdowns([-0.05]).peakIndex).toBe(-1);
  });
});
