import { linear, universeOf, wobble } from '../strategy/test-support/minute-bars';
import { defaultEnsemble, EnsembleSource } from './ensemble-source';
import type { Signal, SignalSource } from './signal-types';

const now = Date.parse('2026-01-27T10:30:00+05:30');
const universe = universeOf({ A: [100_000], B: [100_000] });

/** A source that always says the same scores, by symbol. */
function fixed(name: string, scores: Record<string, number>): SignalSource {
  return {
    name,
    rank: () =>
      Object.entries(scores).map(
        ([symbol, score]): Signal => ({
          symbol,
          direction: 'HOLD',
          score,
          confidence: 0,
          reasons: [`${name} says ${score}`],
        }),
      ),
  };
}

describe('EnsembleSource', () => {
  it('averages the scores with the given weights', () => {
    const ensemble = new EnsembleSource([
      { source: fixed('up', { A: 0.8, B: 0.2 }), weight: 3 },
      { source: fixed('down', { A: -0.4, B: 0.2 }), weight: 1 },
    ]);
    const signals = new Map(ensemble.rank(universe, now).map((s) => [s.symbol, s]));
    expect(signals.get('A')!.score).toBeCloseTo(0.75 * 0.8 + 0.25 * -0.4);
    expect(signals.get('B')!.score).toBeCloseTo(0.2);
    expect(signals.get('A')!.reasons[0]).toBe('score 0.50 = 0.75×up 0.80 + 0.25×down -0.40; agreement 0.71');
    expect(signals.get('A')!.reasons).toContain('down: down says -0.4');
  });

  it('gives its reasons to every reader: by name, in JSON, and the same text twice', () => {
    const [signal] = new EnsembleSource([{ source: fixed('up', { A: 0.8 }), weight: 1 }]).rank(universe, now);
    const json = JSON.parse(JSON.stringify(signal)) as Signal;
    expect(json).toMatchObject({ symbol: 'A', direction: 'BUY', reasons: signal!.reasons });
    expect(signal!.reasons).toEqual(['score 0.80 = 1.00×up 0.80; agreement 1.00', 'up: up says 0.8']);
    expect(signal!.reasons).toBe(signal!.reasons);
  });

  it('passes on a member still gathering bars, so the loop can say which symbol waits', () => {
    const waiting: SignalSource = {
      name: 'slow',
      rank: () => [
        {
          symbol: 'A',
          direction: 'HOLD',
          score: 0,
          confidence: 0,
          reasons: [],
          waiting: { needed: 50, has: 3 },
        },
      ],
    };
    const [signal] = new EnsembleSource([{ source: waiting, weight: 1 }]).rank(universe, now);
    expect(signal!.waiting).toEqual({ needed: 50, has: 3 });
  });

  it('is confident when the sources agree and not when they cancel out', () => {
    const agree = new EnsembleSource([
      { source: fixed('one', { A: 0.8 }), weight: 1 },
      { source: fixed('two', { A: 0.6 }), weight: 1 },
    ]).rank(universe, now);
    expect(agree.find((s) => s.symbol === 'A')).toMatchObject({ direction: 'BUY' });
    expect(agree.find((s) => s.symbol === 'A')!.confidence).toBeCloseTo(Math.sqrt(0.7));

    const cancel = new EnsembleSource([
      { source: fixed('one', { A: 0.8 }), weight: 1 },
      { source: fixed('two', { A: -0.8 }), weight: 1 },
    ]).rank(universe, now);
    expect(cancel.find((s) => s.symbol === 'A')).toMatchObject({
      direction: 'HOLD',
      score: 0,
      confidence: 0,
    });
  });

  it('treats a symbol a source did not rate as no view, which costs no agreement', () => {
    const signals = new EnsembleSource([
      { source: fixed('one', { A: 0.6 }), weight: 1 },
      { source: fixed('two', {}), weight: 1 },
    ]).rank(universe, now);
    const a = signals.find((s) => s.symbol === 'A')!;
    expect(a.score).toBeCloseTo(0.3);
    expect(a.confidence).toBeCloseTo(Math.sqrt(0.3));
  });

  it('refuses negative or all-zero weights', () => {
    expect(() => new EnsembleSource([{ source: fixed('x', {}), weight: -1 }])).toThrow(RangeError);
    expect(() => new EnsembleSource([{ source: fixed('x', {}), weight: 0 }])).toThrow(RangeError);
    expect(() => new EnsembleSource([])).toThrow(RangeError);
  });

  it('by default buys a rising name pulled back to its mean, where both rules agree', () => {
    const rising = linear(59, 100_000, 100);
    const signals = defaultEnsemble().rank(
      universeOf({
        PULLBACK: [...rising, rising[58]! - 1_000],
        FLAT: linear(60, 100_000, 0),
        B: wobble(60, 90_000, 40),
        C: wobble(60, 80_000, 30),
      }),
      now,
    );
    expect(signals[0]).toMatchObject({ symbol: 'PULLBACK', direction: 'BUY' });
    expect(signals[0]!.confidence).toBeGreaterThan(0.65);
    expect(signals.find((s) => s.symbol === 'FLAT')).toMatchObject({ direction: 'HOLD', score: 0 });
  });

  it('by default holds a sharp dip in a flat series, where momentum and mean reversion disagree', () => {
    const signals = defaultEnsemble().rank(
      universeOf({
        DIP: [...wobble(59, 100_000, 50), 97_000],
        B: wobble(60, 90_000, 40),
        C: wobble(60, 80_000, 30),
      }),
      now,
    );
    const dip = signals.find((s) => s.symbol === 'DIP')!;
    expect(dip.direction).toBe('HOLD');
    expect(dip.confidence).toBeLessThan(0.1);
    expect(dip.reasons[0]).toMatch(/momentum -0\.\d+ \+ 0\.50×mean_reversion 1\.00/);
  });
});
