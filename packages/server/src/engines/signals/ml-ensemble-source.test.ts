import { universeOf } from '../strategy/test-support/minute-bars';
import { MlEnsembleSource, type MlPredictor, type MlView, mlEnsemble } from './ml-ensemble-source';

const now = Date.parse('2026-01-05T10:30:00+05:30');
const universe = universeOf({ A: [100_000], B: [100_000], C: [100_000] });

function predictor(views: MlView[] | Error, say?: () => number): MlPredictor {
  return {
    horizonMinutes: 30,
    ...(say ? { say } : {}),
    predict: () => {
      if (views instanceof Error) throw views;
      return views;
    },
  };
}

describe('MlEnsembleSource', () => {
  it('scores P(up) − ½ in tenths, keeps the ensemble confidence and says why', () => {
    const source = new MlEnsembleSource(
      predictor([
        { symbol: 'A', probability: 0.58, confidence: 0.12, reasons: ['logistic_regression 60 %'] },
        { symbol: 'B', probability: 0.42, confidence: 0.1, reasons: [] },
      ]),
    );
    const signals = new Map(source.rank(universe, now).map((s) => [s.symbol, s]));
    expect(signals.get('A')).toMatchObject({ direction: 'BUY', confidence: 0.12 });
    expect(signals.get('A')!.score).toBeCloseTo(0.8, 12);
    expect(signals.get('A')!.reasons[0]).toBe('P(up over 30 min) 58.0 %, confidence 0.12');
    expect(signals.get('B')).toMatchObject({ direction: 'SELL' });
    // No view for a symbol the engine could not predict.
    expect(signals.get('C')).toMatchObject({ direction: 'HOLD', score: 0, confidence: 0 });
  });

  it('gives no view, rather than failing the loop, when the ML engine throws', () => {
    const signals = new MlEnsembleSource(predictor(new Error('database is locked'))).rank(universe, now);
    expect(signals).toHaveLength(3);
    for (const signal of signals) {
      expect(signal).toMatchObject({ direction: 'HOLD', score: 0 });
      expect(signal.reasons[0]).toBe('ML ensemble unavailable: database is locked');
    }
  });

  it('moves the combined score its way with a third of the weight', () => {
    const agreeing = mlEnsemble(predictor([{ symbol: 'A', probability: 0.6, confidence: 0.2, reasons: [] }]));
    const against = mlEnsemble(predictor([{ symbol: 'A', probability: 0.4, confidence: 0.2, reasons: [] }]));
    // On flat bars the rules have no view, so only the ML member moves the combined signal.
    const a = agreeing.rank(universe, now).find((s) => s.symbol === 'A')!;
    const b = against.rank(universe, now).find((s) => s.symbol === 'A')!;
    expect(a.score).toBeCloseTo(1 / 3, 12);
    expect(b.score).toBeCloseTo(-1 / 3, 12);
    expect(a.reasons[0]).toContain('ml_ensemble');
  });

  it('gives the ML vote only the say its measured edge earns, and none without one', () => {
    let say = 0;
    let asked = 0;
    const views = [{ symbol: 'A', probability: 0.6, confidence: 0.2, reasons: [] }];
    const source = mlEnsemble({
      horizonMinutes: 30,
      predict: () => {
        asked += 1;
        return views;
      },
      say: () => say,
    });
    // No edge: the rules trade alone (flat bars: no view), the engine is not even asked.
    const none = source.rank(universe, now).find((s) => s.symbol === 'A')!;
    expect(none.score).toBe(0);
    expect(none.reasons[0]).not.toContain('ml_ensemble');
    expect(asked).toBe(0);

    // Half its say: weight ⅙ against the rules' ⅓ each, of a total ⅚.
    say = 0.5;
    const half = source.rank(universe, now).find((s) => s.symbol === 'A')!;
    expect(half.score).toBeCloseTo(1 / 5, 12);
    expect(asked).toBe(1);

    // A say that is not a number counts as none.
    say = Number.NaN;
    expect(source.rank(universe, now).find((s) => s.symbol === 'A')!.score).toBe(0);
  });
});
