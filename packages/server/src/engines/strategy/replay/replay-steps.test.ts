import { BACKGROUND_SLICE_BUDGET_MS, type Steps } from '../../../core/time-slices';
import { createTestClock, type TestClock } from '../../../test-support/test-clock';
import {
  EnsembleSource,
  MeanReversionSource,
  MomentumSource,
  type Signal,
  type SignalSource,
  SYMBOLS_PER_STEP,
  type SymbolBars,
} from '../../signals';
import { SignalEdgeBook } from '../allocation/signal-edge';
import { EXIT_RULES } from '../exits';
import type { RunReport } from '../loop-status';
import { FakeVenue } from '../test-support/fake-venue';
import { NO_CHARGES } from '../test-support/no-charges';
import { seededSession } from '../test-support/seeded-sessions';
import { type ReplayOptions, replaySteps } from './replay';

const TEN_LAKH = 10_00_000 * 100;
// Three ranking steps' worth of names, so a whole minute is many steps' work.
const SYMBOLS = Array.from({ length: 3 * SYMBOLS_PER_STEP }, (_, i) => `SYM${String(i).padStart(2, '0')}`);
const sessions = [seededSession('2026-01-27', 3, SYMBOLS), seededSession('2026-01-28', 11, SYMBOLS)];
/** What a symbol ranked by one source, or an order sent, costs on the injected clock. */
const UNIT_MS = 0.25;

/** A real source whose every symbol looked at moves the injected clock, so a step's cost can be read. */
class MeteredSource implements SignalSource {
  constructor(
    private readonly inner: MomentumSource | MeanReversionSource,
    private readonly clock: TestClock,
  ) {}

  get name() {
    return this.inner.name;
  }

  rank(universe: SymbolBars[], now: number): Signal[] {
    return this.inner.rank(universe, now);
  }

  rankSteps(universe: SymbolBars[], now: number): Steps<Signal[]> {
    // Each source reads a symbol's bars once per ranking.
    const metered = universe.map(({ symbol, bars }) => ({
      symbol,
      get bars() {
        clock.advance(UNIT_MS);
        return bars;
      },
    }));
    const clock = this.clock;
    return this.inner.rankSteps(metered, now);
  }
}

/** The replay's steps driven one by one: every minute's report, the journal, and each step's cost. */
function replay(wholeMinutes: boolean) {
  const clock = createTestClock(0);
  const venues: FakeVenue[] = [];
  const reports: RunReport[] = [];
  let journal: unknown[] = [];
  const options: ReplayOptions = {
    sessions,
    wholeMinutes,
    loop: {
      source: new EnsembleSource([
        { source: new MeteredSource(new MomentumSource(), clock), weight: 0.5 },
        { source: new MeteredSource(new MeanReversionSource(), clock), weight: 0.5 },
      ]),
      chargeRates: () => NO_CHARGES,
      signalEdge: new SignalEdgeBook(EXIT_RULES.signalMaxHoldMs),
      // As the start-up replay runs: the edge is observed, not gated on (no samples yet at the start).
      gateOnSignalEdge: false,
    },
    venueFactory: (feed) => {
      const venue = new FakeVenue(TEN_LAKH, feed.now, feed.lastPrice);
      const submit = venue.submit.bind(venue);
      venue.submit = (request) => {
        clock.advance(UNIT_MS);
        return submit(request);
      };
      venues.push(venue);
      return venue;
    },
    onMinute: (report, loop) => {
      reports.push(report);
      journal = loop.state().recentDecisions;
    },
  };
  const steps = replaySteps(options);
  const costs: number[] = [];
  for (;;) {
    const before = clock.now();
    const next = steps.next();
    costs.push(clock.now() - before);
    if (next.done) return { result: next.value, reports, journal, costs, venue: venues[0]! };
  }
}

describe('the replay in steps within a minute', () => {
  const stepped = replay(false);
  const whole = replay(true);

  it('places exactly the orders, fills and journal of the replay run a minute at a time', () => {
    expect(stepped.result.errors).toEqual([]);
    expect(stepped.result.orders.length).toBeGreaterThan(5);
    expect(stepped.result.orders.some((order) => order.side === 'BUY')).toBe(true);
    expect(stepped.result).toEqual(whole.result);
    // As JSON: signals write their reasons when read, and are compared by what they say.
    expect(JSON.parse(JSON.stringify(stepped.reports))).toEqual(JSON.parse(JSON.stringify(whole.reports)));
    expect(stepped.journal.length).toBeGreaterThan(0);
    expect(stepped.journal).toEqual(whole.journal);
    expect(stepped.venue.submitted).toEqual(whole.venue.submitted);
    expect(stepped.venue.cashPaise()).toBe(whole.venue.cashPaise());
  });

  it('keeps every step within a 2 ms background slice where a whole minute runs far over it', () => {
    // At most a ranking step's symbols (or one order) per step, whatever the universe's size.
    const longest = stepped.costs.reduce((most, cost) => Math.max(most, cost), 0);
    expect(longest).toBe(SYMBOLS_PER_STEP * UNIT_MS);
    expect(longest).toBeLessThanOrEqual(BACKGROUND_SLICE_BUDGET_MS);
    // A minute at once is 2 sources × 24 symbols: 12 ms on this clock.
    const wholeMinute = whole.costs.reduce((most, cost) => Math.max(most, cost), 0);
    expect(wholeMinute).toBeGreaterThanOrEqual(2 * SYMBOLS.length * UNIT_MS);
  });
});
