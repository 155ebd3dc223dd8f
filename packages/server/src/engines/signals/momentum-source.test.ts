import { linear, universeOf, wobble } from '../strategy/test-support/minute-bars';
import { MomentumSource } from './momentum-source';

const now = Date.parse('2026-01-27T10:30:00+05:30');
const momentum = new MomentumSource();
const bySymbol = (signals: ReturnType<MomentumSource['rank']>) => new Map(signals.map((s) => [s.symbol, s]));

describe('MomentumSource', () => {
  it('gives a clean uptrend a BUY with a high score, ranked first', () => {
    const signals = momentum.rank(
      universeOf({
        FLATA: wobble(60, 100_000, 50),
        UPTREND: linear(60, 100_000, 100),
        FLATB: wobble(60, 200_000, 100),
        FLATC: linear(60, 50_000, 0),
      }),
      now,
    );
    expect(signals[0]).toMatchObject({ symbol: 'UPTREND', direction: 'BUY' });
    expect(signals[0]!.score).toBeGreaterThan(0.8);
    expect(signals[0]!.confidence).toBeGreaterThan(0.85);
    expect(signals[0]!.reasons[0]).toMatch(/20-bar rate of change \+1\.92 %/);
  });

  it('holds a flat universe: no rise, no score', () => {
    const signals = momentum.rank(
      universeOf({ A: linear(60, 100_000, 0), B: linear(60, 80_000, 0), C: linear(60, 70_000, 0) }),
      now,
    );
    for (const signal of signals)
      expect(signal).toMatchObject({ direction: 'HOLD', score: 0, confidence: 0 });
  });

  it('gives a clean downtrend a SELL with a negative score', () => {
    const signals = bySymbol(
      momentum.rank(
        universeOf({
          DOWN: linear(60, 100_000, -100),
          A: wobble(60, 100_000, 20),
          B: wobble(60, 90_000, 30),
        }),
        now,
      ),
    );
    expect(signals.get('DOWN')!.direction).toBe('SELL');
    expect(signals.get('DOWN')!.score).toBeLessThan(-0.5);
  });

  it('does not buy the strongest name when its price is under its 50-bar mean', () => {
    // Fell for 40 bars, then rebounded for 20: a rise over 20 bars, still under its 50-bar mean.
    const rebound = [...linear(40, 120_000, -500), ...linear(20, 100_500, 150)];
    const signals = bySymbol(
      momentum.rank(
        universeOf({ REBOUND: rebound, A: wobble(60, 100_000, 20), B: wobble(60, 90_000, 30) }),
        now,
      ),
    );
    expect(signals.get('REBOUND')).toMatchObject({ direction: 'HOLD', score: 0 });
    expect(signals.get('REBOUND')!.reasons).toContain('trend filter: not above its mean');
  });

  it('says HOLD when a symbol has too few bars or the universe is too small to rank', () => {
    const short = momentum.rank(universeOf({ NEW: linear(30, 100_000, 100) }), now);
    expect(short[0]).toMatchObject({ direction: 'HOLD', reasons: ['needs 50 one-minute bars, has 30'] });
    const pair = momentum.rank(universeOf({ A: linear(60, 100_000, 100), B: linear(60, 100_000, 0) }), now);
    expect(pair.every((s) => s.direction === 'HOLD')).toBe(true);
    expect(pair[0]!.reasons[0]).toMatch(/ranking needs 3/);
  });
});
