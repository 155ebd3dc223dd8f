import { mlHealthBandOf } from '@td/contracts';
import {
  decisionQuality,
  memoryHealth,
  overallHealth,
  tradeFigures,
  trendOf,
  wilsonLowerBound,
} from './health';

describe('wilsonLowerBound', () => {
  it('gives the textbook 95 % lower bound: 60 right of 100 is 0.502', () => {
    expect(wilsonLowerBound(60, 100)).toBeCloseTo(0.502, 3);
  });

  it('trusts the same rate more with more evidence', () => {
    const few = wilsonLowerBound(6, 10)!;
    const many = wilsonLowerBound(600, 1000)!;
    expect(few).toBeCloseTo(0.3127, 3);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeCloseTo(0.5693, 3);
  });

  it('is null with no trials and never below 0', () => {
    expect(wilsonLowerBound(0, 0)).toBeNull();
    expect(wilsonLowerBound(0, 5)).toBe(0);
  });
});

describe('overallHealth and its bands (spec part 1 §9)', () => {
  it('weighs the measured components: model 0.4, learning, memory and knowledge 0.2 each', () => {
    // 0.4×0.5 + 0.2×0.9 + 0.2×0.3 + 0.2×0.8 = 0.2 + 0.18 + 0.06 + 0.16 = 0.60
    const overall = overallHealth({ model: 0.5, learning: 0.9, memory: 0.3, knowledge: 0.8 });
    expect(overall).toBeCloseTo(0.6, 10);
    expect(mlHealthBandOf(overall)).toBe('good');
  });

  it('renormalises over what is measured: memory 0.2 and knowledge 0.8 alone give 0.5 (fair)', () => {
    const overall = overallHealth({ model: null, learning: null, memory: 0.2, knowledge: 0.8 });
    expect(overall).toBeCloseTo(0.5, 10);
    expect(mlHealthBandOf(overall)).toBe('fair');
  });

  it('is null when nothing is measured, and that needs attention rather than a default 0.75', () => {
    const overall = overallHealth({ model: null, learning: null, memory: null, knowledge: null });
    expect(overall).toBeNull();
    expect(mlHealthBandOf(overall)).toBe('needs attention');
  });

  it('puts 0.8 in excellent and 0.3999 in needs attention', () => {
    expect(mlHealthBandOf(0.8)).toBe('excellent');
    expect(mlHealthBandOf(0.6)).toBe('good');
    expect(mlHealthBandOf(0.3999)).toBe('needs attention');
  });
});

describe('memoryHealth', () => {
  it('is the resolved share times progress to 200 resolved outcomes', () => {
    // 100 of 400 resolved: 0.25 × (100/200) = 0.125; 300 of 400: 0.75 × 1 = 0.75
    expect(memoryHealth(400, 100)).toBeCloseTo(0.125, 10);
    expect(memoryHealth(400, 300)).toBeCloseTo(0.75, 10);
    expect(memoryHealth(0, 0)).toBe(0);
  });
});

describe('trends', () => {
  it('calls a rise of more than 0.01 improving, a fall declining, else stable', () => {
    expect(trendOf(0.5, 0.52)).toBe('improving');
    expect(trendOf(0.5, 0.505)).toBe('stable');
    expect(trendOf(0.5, 0.45)).toBe('declining');
    expect(trendOf(null, 0.5)).toBe('stable');
  });

  it('judges decision quality on the share right, and its trend on the decisions judged since an hour ago', () => {
    // An hour ago: 50 of 100 right. Since: 16 of 20 right (0.8 > 0.5). Overall 66 of 120.
    const quality = decisionQuality({ judged: 120, right: 66 }, { judged: 100, right: 50 });
    expect(quality.average_quality_score).toBeCloseTo(0.55, 10);
    expect(quality.quality_trend).toBe('improving');
    expect(quality.decisions_measured).toBe(120);
    // 5 new decisions are too few to call a trend; a pruned (shrunk) count says nothing.
    expect(decisionQuality({ judged: 105, right: 55 }, { judged: 100, right: 50 }).quality_trend).toBe(
      'stable',
    );
    expect(decisionQuality({ judged: 80, right: 20 }, { judged: 100, right: 50 }).quality_trend).toBe(
      'stable',
    );
    expect(decisionQuality({ judged: 130, right: 52 }, { judged: 100, right: 50 }).quality_trend).toBe(
      'declining',
    );
    expect(decisionQuality({ judged: 0, right: 0 }, null).average_quality_score).toBeNull();
  });
});

describe('tradeFigures', () => {
  it('measures win rate, mean return and mean over deviation of closed trades', () => {
    const figures = tradeFigures([0.02, -0.01, 0.03, 0]);
    expect(figures.win_rate).toBe(0.5);
    expect(figures.average_return).toBeCloseTo(0.01, 10);
    // sample sd of [0.02, -0.01, 0.03, 0] = sqrt((0.0001+0.0004+0.0004+0.0001)/3) = 0.018257
    expect(figures.sharpe_ratio).toBeCloseTo(0.01 / 0.018257, 3);
    expect(tradeFigures([])).toEqual({
      win_rate: null,
      average_return: null,
      sharpe_ratio: null,
      closed_trades: 0,
    });
  });
});
