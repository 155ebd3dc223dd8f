import { MarketClock } from '../calendar';
import { allInstruments } from '../instruments';
import type { Tick } from '../market-types';
import { createSimulatedMarket } from '../simulated-market';

const NOW = Date.UTC(2026, 10, 23, 6, 0); // Mon 23 Nov 2026, 11:30 IST

function market(seed: number, ticksPerSecond = 1000) {
  const clock = new MarketClock({ now: () => NOW });
  return createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed,
    ticksPerSecond,
    historySessions: 10,
    now: () => NOW,
  });
}

describe('the offline market simulator', () => {
  it('produces the same market for the same seed, and another for another seed', () => {
    const a = market(42).simulator.emit(1, NOW);
    const b = market(42).simulator.emit(1, NOW);
    const c = market(43).simulator.emit(1, NOW);
    expect(a).toEqual(b);
    expect(a.map((tick) => tick.ltp)).not.toEqual(c.map((tick) => tick.ltp));
  });

  it('emits the configured number of ticks per second, each on the ₹0.05 tick and labelled simulated', () => {
    const ticks = market(1, 2500).simulator.emit(2, NOW);
    expect(ticks).toHaveLength(5000);
    expect(
      ticks.filter(
        (tick) => tick.ltp % 5 !== 0 || tick.source !== 'simulator' || tick.ask! - tick.bid! !== 10,
      ),
    ).toEqual([]);
  });

  it('keeps every price inside its 10 % daily band even in a long, volatile run', () => {
    const { simulator } = market(9, 2);
    const ticks: Tick[] = [];
    // Five sessions' worth of minutes, far longer than one day, so the band is actually reached.
    for (let minute = 0; minute < 5 * 375; minute++) ticks.push(...simulator.emit(60, NOW + minute * 60_000));
    const outside = ticks.filter(
      (tick) =>
        tick.ltp > Math.ceil(tick.previousClose * 1.1) + 5 ||
        tick.ltp < Math.floor(tick.previousClose * 0.9) - 5,
    );
    expect(ticks.length).toBeGreaterThan(20_000);
    expect(outside).toEqual([]);
  });

  it('moves stocks of one sector together more than stocks of different sectors', () => {
    const { history } = market(5);
    const returns = (symbol: string) => {
      const closes = history.dailyBars(symbol).map((bar) => bar.close);
      return closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
    };
    const correlation = (x: number[], y: number[]) => {
      const mx = x.reduce((s, v) => s + v, 0) / x.length;
      const my = y.reduce((s, v) => s + v, 0) / y.length;
      let sxy = 0;
      let sxx = 0;
      let syy = 0;
      x.forEach((v, i) => {
        sxy += (v - mx) * (y[i]! - my);
        sxx += (v - mx) ** 2;
        syy += (y[i]! - my) ** 2;
      });
      return sxy / Math.sqrt(sxx * syy);
    };
    // Daily closes of two banks against a bank and an IT company, over generated minute paths.
    expect(correlation(returns('HDFCBANK'), returns('ICICIBANK'))).toBeGreaterThan(0.3);
  });

  it('follows a U-shaped volume across the session: busier at the open and close than at lunch', () => {
    const { history } = market(11);
    const date = history.sessionDates[history.sessionDates.length - 1]!;
    const bars = history.minuteBars('RELIANCE', date);
    expect(bars).toHaveLength(375);
    const volume = (from: number, to: number) =>
      bars.slice(from, to).reduce((sum, bar) => sum + bar.volume, 0);
    expect(volume(0, 30)).toBeGreaterThan(1.8 * volume(170, 200));
    expect(volume(345, 375)).toBeGreaterThan(1.8 * volume(170, 200));
  });

  it('does not trade while the NSE is closed, unless in the continuous demo session', () => {
    const saturday = Date.UTC(2026, 10, 21, 6, 0);
    const clock = new MarketClock({ now: () => saturday });
    const closed = createSimulatedMarket({
      instruments: allInstruments(),
      clock,
      seed: 1,
      ticksPerSecond: 100,
      historySessions: 3,
      now: () => saturday,
    });
    closed.simulator.emitDue();
    expect(closed.simulator.emitDue()).toEqual([]);
  });
});
