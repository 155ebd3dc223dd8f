import { MarketScenarios } from './market-scenarios';

const T0 = Date.UTC(2026, 0, 5, 4, 0, 0);
const zero = () => 0;

describe('market scenarios', () => {
  it('spreads a crash of −4 % evenly over its minutes, and nothing outside them', () => {
    const scenarios = new MarketScenarios();
    scenarios.start('crash', T0, 5);
    let total = 0;
    for (let s = 10; s <= 420; s += 10) total += scenarios.marketShift(10, T0 + s * 1000, zero);
    // The whole move is ln(1.04) down: prices end at 1 / 1.04 ≈ 96.15 % of where they began.
    expect(Math.exp(total)).toBeCloseTo(1 / 1.04, 10);
    expect(scenarios.marketShift(10, T0 + 400_000, zero)).toBe(0);
    expect(scenarios.current(T0 + 300_000)).toBeNull();
  });

  it('a rally is the mirror of a crash', () => {
    const scenarios = new MarketScenarios();
    scenarios.start('rally', T0, 2);
    expect(Math.exp(scenarios.marketShift(120, T0 + 120_000, zero))).toBeCloseTo(1.04, 10);
  });

  it('a volatility spike adds a zero-mean shock scaled by √time; an outage silences the feed', () => {
    const scenarios = new MarketScenarios();
    scenarios.start('volatility_spike', T0, 15);
    expect(scenarios.marketShift(60, T0 + 60_000, () => 1)).toBeCloseTo(
      0.9 * Math.sqrt(60 / (252 * 6.25 * 3600)),
      12,
    );
    expect(scenarios.silenced(T0 + 60_000)).toBe(false);
    scenarios.start('feed_outage', T0 + 60_000, 5);
    expect(scenarios.silenced(T0 + 120_000)).toBe(true);
    expect(scenarios.silenced(T0 + 60_000 + 5 * 60_000)).toBe(false);
    expect(scenarios.marketShift(60, T0 + 120_000, () => 1)).toBe(0);
  });
});
