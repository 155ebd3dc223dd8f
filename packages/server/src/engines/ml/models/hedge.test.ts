import { ensembleVote } from './ensemble-vote';
import { hedgeUpdate, uniformWeights } from './hedge';

describe('Hedge weights', () => {
  it('follows the worked example: η = 0.5, losses 0 and 1 from equal weights', () => {
    // w = (½·e⁰, ½·e^−0.5) / (½ + ½·e^−0.5) = (1, 0.60653) / 1.60653 = (0.62246, 0.37754)
    const [a, b] = hedgeUpdate([0.5, 0.5], [0, 1], 0.5, 0);
    expect(a).toBeCloseTo(0.62246, 5);
    expect(b).toBeCloseTo(0.37754, 5);
  });

  it('compounds: two rounds equal one round with the summed losses', () => {
    const twice = hedgeUpdate(
      hedgeUpdate([1 / 3, 1 / 3, 1 / 3], [0.2, 0.5, 0.9], 0.5, 0),
      [0.4, 0.5, 0.1],
      0.5,
      0,
    );
    const once = hedgeUpdate([1 / 3, 1 / 3, 1 / 3], [0.6, 1.0, 1.0], 0.5, 0);
    twice.forEach((w, i) => {
      expect(w).toBeCloseTo(once[i]!, 12);
    });
  });

  it('mixes in a fixed share of uniform weight so no model is written off for good', () => {
    let weights = uniformWeights(2);
    for (let round = 0; round < 200; round++) weights = hedgeUpdate(weights, [0, 1], 0.5, 0.01);
    expect(weights[1]).toBeGreaterThanOrEqual(0.005);
    expect(weights[0]! + weights[1]!).toBeCloseTo(1, 12);
  });

  it('keeps a weight whose loss could not be measured', () => {
    const weights = hedgeUpdate([0.5, 0.5], [Number.NaN, 0], 0.5, 0);
    expect(weights.every(Number.isFinite)).toBe(true);
    expect(weights[0]! + weights[1]!).toBeCloseTo(1, 12);
  });
});

describe('ensemble vote', () => {
  it('is the weighted mean probability, with confidence from its margin and agreement', () => {
    const vote = ensembleVote(
      [
        { probability: 0.8, reasons: [] },
        { probability: 0.6, reasons: [] },
        { probability: 0.3, reasons: [] },
      ],
      [0.5, 0.25, 0.25],
    );
    // p = 0.5·0.8 + 0.25·0.6 + 0.25·0.3 = 0.625; agreement 0.75; confidence |2p − 1| × 0.75 = 0.1875
    expect(vote.probability).toBeCloseTo(0.625, 12);
    expect(vote.direction).toBe('UP');
    expect(vote.agreement).toBeCloseTo(0.75, 12);
    expect(vote.confidence).toBeCloseTo(0.1875, 12);
  });
});
