import { linear, universeOf, wobble } from '../strategy/test-support/minute-bars';
import { MeanReversionSource } from './mean-reversion-source';

const now = Date.parse('2026-01-27T10:30:00+05:30');
const meanReversion = new MeanReversionSource();
const signalFor = (closes: number[]) => meanReversion.rank(universeOf({ X: closes }), now)[0]!;

describe('MeanReversionSource', () => {
  it('buys a sharp dip in a flat series', () => {
    const signal = signalFor([...wobble(59, 100_000, 50), 97_000]);
    expect(signal.direction).toBe('BUY');
    expect(signal.score).toBe(1);
    expect(signal.confidence).toBe(1);
    expect(signal.reasons[0]).toMatch(/price -4\.\d+ deviations from its 20-bar mean/);
  });

  it('holds a flat series', () => {
    expect(signalFor(linear(60, 100_000, 0))).toMatchObject({ direction: 'HOLD', score: 0, confidence: 0 });
  });

  it('does not buy a dip inside a falling 50-bar trend', () => {
    const signal = signalFor([...linear(59, 120_000, -300), 95_000]);
    expect(signal).toMatchObject({ direction: 'HOLD', score: 0 });
    expect(signal.reasons).toContain('trend is down (more than 1 %): no buying the dip');
  });

  it('says SELL (exit) once the price is back above its mean', () => {
    const signal = signalFor([...wobble(59, 100_000, 50), 100_200]);
    expect(signal.direction).toBe('SELL');
    expect(signal.score).toBeLessThan(0);
  });

  it('holds a dip shallower than two deviations, leaning towards a buy', () => {
    const signal = signalFor([...wobble(58, 100_000, 100), 99_950, 99_850]);
    expect(signal.direction).toBe('HOLD');
    expect(signal.score).toBeGreaterThan(0);
  });

  it('needs 50 bars', () => {
    expect(signalFor(linear(49, 100_000, 0)).reasons).toEqual(['needs 50 one-minute bars, has 49']);
  });
});
