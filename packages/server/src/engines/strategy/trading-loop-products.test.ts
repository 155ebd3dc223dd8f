import { DEFAULT_PAPER_LIMITS } from '../../core/orders';
import { MarketClock } from '../market/calendar';
import { SignalEdgeBook } from './allocation/signal-edge';
import { FakeVenue } from './test-support/fake-venue';
import { fixedSource } from './test-support/fixed-source';
import { TradingLoop, type TradingLoopOptions } from './trading-loop';

const ist = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const NOW = ist('2026-01-27T11:00:00');

function loopWith(venue: FakeVenue, overrides: Partial<TradingLoopOptions> = {}) {
  return new TradingLoop({
    venue,
    clock: new MarketClock(),
    universe: () => [],
    source: fixedSource('ensemble', { INFY: ['BUY', 0.9, 0.9], TCS: ['SELL', -0.6, 0.8] }),
    chargeRates: () => DEFAULT_PAPER_LIMITS,
    allocation: () => ({ strategy: 'moderate' }),
    now: () => NOW,
    ...overrides,
  });
}

describe('the products the trading loop orders', () => {
  it('buys intraday, and sells a position carried from an earlier day as delivery', () => {
    const venue = new FakeVenue(10_00_000 * 100, () => NOW);
    venue.prices.set('INFY', 1_000_00);
    venue.prices.set('TCS', 2_000_00);
    // Bought yesterday and now 5 % up: the SELL signal's gain covers any charges.
    venue.hold('TCS', 10, 1_900_00, ist('2026-01-26T10:00:00'));
    const report = loopWith(venue).runOnce(NOW);
    expect(report.orders.map((o) => [o.side, o.symbol, o.product])).toEqual([
      ['SELL', 'TCS', 'D'],
      ['BUY', 'INFY', 'I'],
    ]);
  });

  it('sells what it bought today as intraday', () => {
    const venue = new FakeVenue(10_00_000 * 100, () => NOW);
    venue.prices.set('TCS', 2_000_00);
    venue.hold('TCS', 10, 1_900_00, ist('2026-01-27T09:30:00'));
    const report = loopWith(venue).runOnce(NOW);
    expect(report.orders.map((o) => [o.side, o.symbol, o.product])).toEqual([['SELL', 'TCS', 'I']]);
  });

  it('skips an entry its signal strength has not earned on history, and the journal gives the figures', () => {
    const venue = new FakeVenue(10_00_000 * 100, () => NOW);
    venue.prices.set('INFY', 1_000_00);
    // A fresh book: no past signals of this strength yet, so nothing is bought.
    const loop = loopWith(venue, { signalEdge: new SignalEdgeBook(4 * 3_600_000) });
    const report = loop.runOnce(NOW);
    expect(report.orders).toEqual([]);
    expect(report.skipped).toEqual([
      {
        symbol: 'INFY',
        reason:
          'no measured move yet: 0 past BUY signals of strength 0.8–1.0, 30 needed before its charges can be weighed',
      },
    ]);
  });
});
