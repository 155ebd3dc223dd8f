import { portfolioFigures } from './portfolio-figures';
import { type HeldPosition, positionFigures } from './position-figures';
import type { DailyHistory } from './return-series';
import { Z_95 } from './value-at-risk';

// The worked example: NIFTY 50 and three stocks over six sessions (five daily returns).
//   NIFTY 50  m = +1 %, −2 %, +3 %, −1 %, +2 %
//   A         2m     (+2 %, −4 %, +6 %, −2 %, +4 %)       → beta 2
//   B         m / 2  (+0.5 %, −1 %, +1.5 %, −0.5 %, +1 %) → beta 0.5
//   C         0 %, −1 %, +1 %, 0 %, 0 %
// Today: A 10 × ₹100 = ₹1,000, B 5 × ₹200 = ₹1,000, C 20 × ₹100 = ₹2,000; positions ₹4,000.
const DATES = ['2025-12-26', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'];
const M = [0.01, -0.02, 0.03, -0.01, 0.02];
const RETURNS: Record<string, number[]> = {
  A: M.map((r) => 2 * r),
  B: M.map((r) => r / 2),
  C: [0, -0.01, 0.01, 0, 0],
};

/** Closes (paise) that give exactly these returns, from a first close. */
function closesFrom(first: number, returns: readonly number[]): number[] {
  const closes = [first];
  for (const r of returns) closes.push(closes.at(-1)! * (1 + r));
  return closes;
}

function historyOf(returns: Record<string, number[]>, index = M, dates = DATES): DailyHistory {
  const bars = new Map(
    Object.entries(returns).map(([symbol, series]) => [
      symbol,
      new Map(closesFrom(10_000, series).map((close, i) => [dates[i]!, { close, volume: 1_000 }])),
    ]),
  );
  return { dates, index: closesFrom(100, index), bars };
}

const PRICES: Record<string, number> = { A: 10_000, B: 20_000, C: 10_000 };
const HELD: HeldPosition[] = [
  { symbol: 'A', quantity: 10, costPaise: 10 * 9_500 },
  { symbol: 'B', quantity: 5, costPaise: 5 * 21_000 },
  { symbol: 'C', quantity: 20, costPaise: 20 * 10_000 },
];

function figuresOf(held: HeldPosition[], history: DailyHistory) {
  const positions = positionFigures({
    positions: held,
    price: (symbol) => PRICES[symbol],
    history,
    equityPaise: 1_00_000 * 100,
    phase: { name: 'Growth', maxPositionPercent: 4 },
  });
  return { positions, portfolio: portfolioFigures(positions, history) };
}

describe('risk of three positions over six sessions, worked by hand', () => {
  const { positions, portfolio } = figuresOf(HELD, historyOf(RETURNS));

  it('replays today’s positions over the past returns and takes the 5th percentile as historical VaR', () => {
    // P&L(t) = 1000 rA + 1000 rB + 2000 rC = 20+5+0 = 25, −40−10−20 = −70, 60+15+20 = 95, −20−5+0 = −25, 40+10+0 = 50
    // sorted −70, −25, 25, 50, 95; rank (5 − 1) × 0.05 = 0.2 → −70 + 0.2 × (−25 + 70) = −61 → VaR ₹61
    expect(portfolio.sessions).toBe(5);
    expect(portfolio.valuePaise).toBe(4_000_00);
    expect(portfolio.historicalVarPaise! / 100).toBeCloseTo(61, 6);
    // ₹61 / ₹4,000 = 1.525 %
    expect(portfolio.historicalVar!).toBeCloseTo(0.01525, 8);
  });

  it('gives the parametric VaR as 1.645 × the sample standard deviation of the same P&L', () => {
    // mean 75 / 5 = 15; deviations 10, −85, 80, −40, 35; squares 100 + 7225 + 6400 + 1600 + 1225 = 16550
    // σ = √(16550 / 4) = √4137.5 = 64.3234; × 1.6449 = ₹105.80 (2.645 % of ₹4,000)
    expect(portfolio.parametricVarPaise! / 100).toBeCloseTo(Z_95 * Math.sqrt(4137.5), 6);
    expect(portfolio.parametricVarPaise! / 100).toBeCloseTo(105.8026, 3);
    expect(portfolio.parametricVar!).toBeCloseTo(0.02645, 4);
  });

  it('measures each beta against NIFTY 50 and the portfolio’s as their weighted sum', () => {
    // var(m): mean 0.006, deviations .004 −.026 .024 −.016 .014, Σd² = 0.00172, /4 = 0.00043
    // A = 2m → 2; B = m/2 → 0.5; C: Σ dC·dm = (−.01)(−.026) + (.01)(.024) = 0.0005 → 0.0005 / 0.00172 = 0.2907
    const betas = Object.fromEntries(positions.map((p) => [p.symbol, p.beta]));
    expect(betas.A).toBeCloseTo(2, 10);
    expect(betas.B).toBeCloseTo(0.5, 10);
    expect(betas.C).toBeCloseTo(0.0005 / 0.00172, 10);
    // weights ¼, ¼, ½: 0.5 + 0.125 + 0.5 × 0.2907 = 0.7703
    expect(portfolio.beta).toBeCloseTo(0.25 * 2 + 0.25 * 0.5 + 0.5 * (0.0005 / 0.00172), 10);
    expect(portfolio.beta).toBeCloseTo(0.7703, 4);
  });

  it('loses Σ value × beta × drop in a 10 / 20 / 30 % NIFTY 50 fall', () => {
    // 1000 × 2 + 1000 × 0.5 + 2000 × 0.2907 = ₹3,081.40 per unit fall → ₹308.14, ₹616.28, ₹924.42
    const [ten, twenty, thirty] = portfolio.stress.map((paise) => paise! / 100);
    expect(ten).toBeCloseTo(308.1395, 3);
    expect(twenty).toBeCloseTo(616.2791, 3);
    expect(thirty).toBeCloseTo(924.4186, 3);
  });

  it('annualises the portfolio’s daily volatility with √252 and scores diversification from it', () => {
    // σ_p = 64.3234 / 4000 = 0.016081; × √252 = 25.53 %
    expect(portfolio.volatility).toBeCloseTo(0.255276, 5);
    // Σ w σ = ¼ × 0.041473 + ¼ × 0.010368 + ½ × 0.007071 = 0.016496; 1 − 0.016081 / 0.016496 = 0.0252:
    // A and B move together, so almost nothing is diversified away.
    expect(portfolio.diversification).toBeCloseTo(0.02516, 4);
    // Σ w² = 1/16 + 1/16 + 1/4
    expect(portfolio.concentration).toBeCloseTo(0.375, 10);
  });

  it('suggests a stop two daily standard deviations under the price and exits B, already past it', () => {
    const b = positions.find((p) => p.symbol === 'B')!;
    // σ_B = σ_m / 2 = √0.00043 / 2 = 1.0368 %; stop ₹200 × (1 − 2.0736 %) = ₹195.85; target ₹200 × (1 + 3.1104 %)
    expect(b.dailyStd).toBeCloseTo(Math.sqrt(0.00043) / 2, 10);
    expect(b.stopPaise! / 100).toBeCloseTo(195.853, 2);
    expect(b.targetPaise! / 100).toBeCloseTo(206.221, 2);
    // bought at ₹210, now ₹200: 4.76 % down, past 2 × 1.04 % = 2.07 %
    expect(b.recommendation).toBe('exit');
    expect(b.rule).toBe(
      'Exit: the price is 4.8 % below the average cost, past the stop of two daily standard deviations (2 × 1.0 % = 2.1 %).',
    );
    expect(b.pnlPaise).toBe(-5 * 1_000);
  });

  it('scores A from its volatility, VaR, weight and drawdown, and holds it', () => {
    const a = positions.find((p) => p.symbol === 'A')!;
    // volatility 0.041473 × √252 = 65.8 % → capped at 1 × 0.35 = 0.35
    // VaR: sorted −4, −2, 2, 4, 6 % → −(−4 + 0.2 × 2) = 3.6 % → 0.72 × 0.25 = 0.18
    // weight ¼ × 0.2 = 0.05; deepest fall 4 % (1.02 → 0.9792) → 0.2 × 0.2 = 0.04; total 0.62 (medium)
    expect(a.score).toBeCloseTo(0.62, 10);
    expect(a.level).toBe('medium');
    expect(a.recommendation).toBe('hold');
    expect(a.rule).toMatch(/^Hold: the price is within two daily standard deviations/);
    expect(a.weight).toBeCloseTo(0.25, 10);
    expect(a.equityShare).toBeCloseTo(0.01, 10);
  });
});

describe('risk figures that cannot be computed are null, never NaN', () => {
  it('has nothing to measure without positions', () => {
    const { positions, portfolio } = figuresOf([], historyOf(RETURNS));
    expect(positions).toEqual([]);
    expect(portfolio).toMatchObject({
      valuePaise: 0,
      sessions: 0,
      historicalVarPaise: null,
      parametricVarPaise: null,
      volatility: null,
      beta: null,
      diversification: null,
      stress: [null, null, null],
    });
  });

  it('gives no VaR, beta or volatility from a single session', () => {
    const history = historyOf({ A: [0.02], B: [0.01], C: [0] }, [0.01], DATES.slice(0, 2));
    const { positions, portfolio } = figuresOf(HELD, history);
    expect(portfolio.sessions).toBe(1);
    expect(portfolio.historicalVarPaise).toBeNull();
    expect(portfolio.parametricVarPaise).toBeNull();
    expect(portfolio.volatility).toBeNull();
    expect(portfolio.beta).toBeNull();
    expect(portfolio.stress).toEqual([null, null, null]);
    expect(positions.every((p) => p.stopPaise === null && p.score === null)).toBe(true);
    expect(positions[0]!.rule).toMatch(/^Hold: too little price history/);
  });

  it('measures no risk when prices never moved, and no beta against a flat index', () => {
    const flat = [0, 0, 0, 0, 0];
    const { portfolio, positions } = figuresOf(HELD, historyOf({ A: flat, B: flat, C: flat }, flat));
    expect(portfolio.historicalVarPaise).toBe(0);
    expect(portfolio.parametricVarPaise).toBe(0);
    expect(portfolio.volatility).toBe(0);
    expect(portfolio.beta).toBeNull();
    expect(portfolio.diversification).toBeNull();
    expect(portfolio.stress).toEqual([null, null, null]);
    expect(positions.find((p) => p.symbol === 'A')!.stopPaise).toBe(10_000);
  });

  it('skips sessions a stock has no close for, keeping the rest in step with the index', () => {
    const history = historyOf(RETURNS);
    const c = new Map(history.bars.get('C')!);
    c.delete(DATES[2]!); // no close on the third date: the 2nd and 3rd returns cannot be formed
    const gappy = { ...history, bars: new Map([...history.bars, ['C', c]]) };
    const { portfolio } = figuresOf(HELD, gappy);
    expect(portfolio.sessions).toBe(3);
  });
});
