import { istDateOf, MarketClock } from '../calendar';
import { allInstruments } from '../instruments';
import { createSimulatedMarket } from '../simulated-market';
import { Newswire } from './newswire-events';
import { EVENT_KINDS } from './newswire-templates';
import { MIN_COMPANY_MOVE, MOVE_WINDOW_MINUTES } from './past-newswire-events';

const TUESDAY_0930 = Date.UTC(2026, 0, 6, 4, 0); // Tue 6 Jan 2026, 09:30 IST
const TUESDAY_1545 = Date.UTC(2026, 0, 6, 10, 15); // after Tuesday's close: Tuesday is history too
const TWO_DAYS = 48 * 3_600_000;
const RISING_KINDS = new Set(EVENT_KINDS.filter((kind) => kind.move[0] > 0).map((kind) => kind.type));

function market(seed: number, now: number) {
  const clock = new MarketClock({ now: () => now });
  const built = createSimulatedMarket({
    instruments: allInstruments(),
    clock,
    seed,
    ticksPerSecond: 0,
    historySessions: 3,
    now: () => now,
  });
  return { ...built, clock };
}

const pastEvents = (seed: number, now = TUESDAY_0930) =>
  market(seed, now).simulator.newswire.pastEvents(now - TWO_DAYS, now);

describe('the simulated newswire’s news of the generated past sessions', () => {
  it('is the same for the same seed, and other news for another', async () => {
    const first = await pastEvents(7);
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(await pastEvents(7)).toEqual(first);
    expect((await pastEvents(8)).map((event) => event.title)).not.toEqual(first.map((event) => event.title));
  });

  it('tells of a move the bars made, in the move’s direction, from the minute the news broke', async () => {
    const { simulator, history } = market(7, TUESDAY_0930);
    const events = await simulator.newswire.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930);
    expect(events.some((event) => event.symbol !== null)).toBe(true);
    for (const event of events) {
      const date = history.sessionDates.find((d) => history.sessionOverlaps(d, event.at, event.at))!;
      const moves = event.symbols.map((symbol) => {
        const bars = history.minuteBars(symbol, date);
        const first = bars.findIndex((bar) => bar.openTime === event.at);
        return bars[first + MOVE_WINDOW_MINUTES - 1]!.close / bars[first]!.open - 1;
      });
      const average = moves.reduce((sum, move) => sum + move, 0) / moves.length;
      // Good news for a rise, bad news for a fall, and the event's move is the move the bars made.
      expect(RISING_KINDS.has(event.type)).toBe(average > 0);
      expect(Math.sign(event.move)).toBe(Math.sign(average));
      if (event.symbol) expect(Math.abs(average)).toBeGreaterThanOrEqual(MIN_COMPANY_MOVE * 0.99);
      expect(event.title).toMatch(/\w/);
    }
  });

  it('breaks every story inside its session’s market hours, and none after now', async () => {
    const tuesdayNoon = TUESDAY_1545 - 3.75 * 3_600_000;
    // The last case asks, at noon, about a history that holds Tuesday's whole session.
    for (const [builtAt, now] of [
      [TUESDAY_0930, TUESDAY_0930],
      [TUESDAY_1545, TUESDAY_1545],
      [TUESDAY_1545, tuesdayNoon],
    ] as const) {
      const { simulator, clock } = market(11, builtAt);
      const events = await simulator.newswire.pastEvents(now - TWO_DAYS, now);
      expect(events.length).toBeGreaterThan(0);
      for (const event of events) {
        const bounds = clock.sessionBounds(istDateOf(event.at))!;
        expect(event.at).toBeGreaterThanOrEqual(bounds.open);
        expect(event.at).toBeLessThan(bounds.close);
        expect(event.at).toBeLessThanOrEqual(now);
      }
    }
  });

  it('gives each story its own id, none shared with the live events that follow', async () => {
    const { simulator } = market(7, TUESDAY_0930);
    const past = await simulator.newswire.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930);
    const live: string[] = [];
    simulator.newswire.onEvent((event) => live.push(event.id));
    for (let minute = 0; minute <= 240; minute++) simulator.emit(60, TUESDAY_0930 + minute * 60_000);
    expect(live.length).toBeGreaterThan(0);
    const ids = [...past.map((event) => event.id), ...live];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('publishes no past news when the newswire is switched off', async () => {
    const { history } = market(7, TUESDAY_0930);
    const instruments = allInstruments().map(({ symbol, sector }) => ({ symbol, sector }));
    const off = new Newswire(instruments, 7, { sessionFraction: () => 0.5, eventsPerHour: 0, history });
    expect(await off.pastEvents(TUESDAY_0930 - TWO_DAYS, TUESDAY_0930)).toEqual([]);
  });
});
